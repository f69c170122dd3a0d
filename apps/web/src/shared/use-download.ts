import { useState } from 'react';
import { errorsOf } from './api.ts';
import { showErrorNotice } from './notify.ts';
import { startDownload } from './start-download.ts';

/**
 * The click of a download button (Export CSV, Evidence pack, a report's CSV): busy while the download is
 * being fetched or asked for, and a refusal shown as an error notice. One place so every download button
 * behaves alike.
 */
export function useDownload(download: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await download();
    } catch (error) {
      showErrorNotice(Object.values(errorsOf(error))[0]);
    } finally {
      setBusy(false);
    }
  };
  return { busy, start: () => void start() };
}

/**
 * A download through a short-lived signed link (Export CSV, Evidence pack): asks the server for the link
 * (the server audits the ask), then lets the browser download the streamed file.
 */
export function useSignedDownload(askForLink: () => Promise<{ url: string; filename: string }>) {
  return useDownload(async () => {
    const link = await askForLink();
    startDownload(link.url, link.filename);
  });
}
