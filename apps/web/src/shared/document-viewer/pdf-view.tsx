import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import type { ViewState } from './view-state.ts';

// The worker is a file of this site (CSP: scripts and workers from 'self' only).
GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages drawn at most: a statement or report is a page or two; a huge file is not read whole. */
const MAX_PAGES = 20;
/** A page is fitted to the frame's width, but not drawn more than half again its own size. */
const MAX_FIT = 1.5;

type Props = { data: ArrayBuffer; title: string; view: ViewState; frame: { w: number; h: number } };

/**
 * A PDF drawn page by page onto canvases by pdf.js (loaded only with the viewer). Nothing of the file
 * runs: pdf.js executes no document scripts, and the browser's own PDF viewer is never given the file.
 */
export default function PdfView({ data, title, view, frame }: Props) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // pdf.js takes the buffer over: give it a copy, so a second render still has the bytes.
    const task = getDocument({ data: data.slice(0), useWasm: false, enableXfa: false });
    task.promise.then(setPdf, () => setFailed(true));
    return () => void task.destroy();
  }, [data]);

  if (failed) return <Alert color="red">This PDF could not be read.</Alert>;
  if (!pdf) {
    return (
      <Center mih={200}>
        <Loader size="sm" aria-label="Loading the PDF" />
      </Center>
    );
  }
  const count = Math.min(pdf.numPages, MAX_PAGES);
  return (
    <Stack gap="md" align="center">
      {Array.from({ length: count }, (_, i) => (
        <PdfPage key={i} pdf={pdf} number={i + 1} of={pdf.numPages} title={title} view={view} frame={frame} />
      ))}
      {pdf.numPages > MAX_PAGES && (
        <Text size="sm" c="dimmed">
          The first {MAX_PAGES} of {pdf.numPages} pages are shown.
        </Text>
      )}
    </Stack>
  );
}

type PageProps = {
  pdf: PDFDocumentProxy;
  number: number;
  of: number;
  title: string;
  view: ViewState;
  frame: { w: number; h: number };
};

function PdfPage({ pdf, number, of, title, view, frame }: PageProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let cancelRender = () => {};
    void pdf.getPage(number).then((page) => {
      const el = canvas.current;
      if (cancelled || !el) return;
      const rotation = (page.rotate + view.rotation) % 360;
      const natural = page.getViewport({ scale: 1, rotation });
      // Fitted to the frame's width (a page is read by scrolling down), then zoomed.
      const fit = Math.min(frame.w / natural.width, MAX_FIT);
      const cssScale = fit * view.zoom;
      const pixels = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: cssScale * pixels, rotation });
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      el.style.width = `${Math.floor(viewport.width / pixels)}px`;
      el.style.height = `${Math.floor(viewport.height / pixels)}px`;
      const task = page.render({ canvas: el, viewport });
      cancelRender = () => task.cancel();
      task.promise.then(
        () => !cancelled && setDrawn(true),
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      cancelRender();
    };
  }, [pdf, number, view.zoom, view.rotation, frame.w]);

  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={`${title}, page ${number} of ${of}`}
      data-rendered={drawn ? 'true' : 'false'}
      style={{ background: 'white', boxShadow: '0 1px 4px rgba(0, 0, 0, 0.25)' }}
    />
  );
}
