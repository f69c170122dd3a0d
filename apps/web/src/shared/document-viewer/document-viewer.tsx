import { ActionIcon, Alert, Box, Center, Group, Loader, Modal, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  IconRotate2,
  IconRotateClockwise2,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useReducer, type ReactNode } from 'react';
import { fetchDocument } from './fetch-document.ts';
import { ImageView } from './image-view.tsx';
import { INITIAL_VIEW, nextView, type ViewAction } from './view-state.ts';

// pdf.js is large: it is fetched the first time a PDF is opened, never with the console itself.
const PdfView = lazy(() => import('./pdf-view.tsx'));

/** A document to show: what it is called and its signed link (null while the link is being asked for). */
export type ViewerDocument = { title: string; url: string | null };

type Props = { document: ViewerDocument | null; onClose: () => void };

/**
 * The console's document viewer: KYC scans, bank statements and eKYC reports open inside the
 * console. Pictures can be zoomed and turned; PDFs are drawn by pdf.js. The document is fetched once
 * through its signed link, which the server logs as opened.
 */
export function DocumentViewer({ document, onClose }: Props) {
  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      title={document?.title ?? ''}
      size="min(1100px, 96vw)"
      // Above the modal it may be opened from (the Bank modal).
      zIndex={400}
      centered
    >
      {document && <ViewerBody key={document.url ?? ''} document={document} />}
    </Modal>
  );
}

function ViewerBody({ document }: { document: ViewerDocument }) {
  const [view, act] = useReducer(nextView, INITIAL_VIEW);
  const { ref, width, height } = useElementSize();
  const frame = { w: Math.max(width - 16, 0), h: Math.max(height - 16, 0) };
  const loaded = useQuery({
    queryKey: ['document-viewer', document.url],
    queryFn: (ctx) => fetchDocument(document.url!, ctx.signal),
    enabled: document.url !== null,
    // One fetch per opening: each is an audited view, and the link soon expires anyway.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const doc = loaded.data;
  const adjustable = doc?.kind === 'image' || doc?.kind === 'pdf';

  let content: ReactNode;
  if (loaded.error) content = <Alert color="red">{loaded.error.message}</Alert>;
  else if (!doc) content = <Waiting label="Loading the document" />;
  else if (doc.kind === 'image')
    content = <ImageView src={doc.src} alt={document.title} view={view} frame={frame} />;
  else if (doc.kind === 'pdf')
    content = (
      <Suspense fallback={<Waiting label="Loading the PDF viewer" />}>
        <PdfView data={doc.data} title={document.title} view={view} frame={frame} />
      </Suspense>
    );
  else
    content = <Alert color="yellow">This kind of file ({doc.type || 'unknown'}) cannot be shown here.</Alert>;

  return (
    <Box>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {doc?.kind === 'pdf' ? 'PDF document' : doc?.kind === 'image' ? 'Picture' : ''}
        </Text>
        <Group gap={4} wrap="nowrap" aria-label="View controls" role="toolbar">
          <Control label="Zoom out" action="zoomOut" act={act} disabled={!adjustable}>
            <IconZoomOut size={18} />
          </Control>
          <Text size="sm" w={48} ta="center" aria-live="polite" aria-label="Zoom level">
            {Math.round(view.zoom * 100)}%
          </Text>
          <Control label="Zoom in" action="zoomIn" act={act} disabled={!adjustable}>
            <IconZoomIn size={18} />
          </Control>
          <Control label="Fit to window" action="fit" act={act} disabled={!adjustable}>
            <IconZoomReset size={18} />
          </Control>
          <Control label="Rotate left" action="rotateLeft" act={act} disabled={!adjustable}>
            <IconRotate2 size={18} />
          </Control>
          <Control label="Rotate right" action="rotateRight" act={act} disabled={!adjustable}>
            <IconRotateClockwise2 size={18} />
          </Control>
        </Group>
      </Group>
      <Box
        ref={ref}
        h="calc(100dvh - 190px)"
        mih={280}
        p={8}
        bg="var(--mantine-color-gray-1)"
        style={{ overflow: 'auto', borderRadius: 'var(--mantine-radius-sm)' }}
        tabIndex={0}
        aria-label="Document"
        role="region"
      >
        {content}
      </Box>
    </Box>
  );
}

function Control(props: {
  label: string;
  action: ViewAction;
  act: (a: ViewAction) => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip label={props.label} withinPortal zIndex={500}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={props.label}
        disabled={props.disabled}
        onClick={() => props.act(props.action)}
      >
        {props.children}
      </ActionIcon>
    </Tooltip>
  );
}

function Waiting({ label }: { label: string }) {
  return (
    <Center mih={200}>
      <Loader size="sm" aria-label={label} />
    </Center>
  );
}
