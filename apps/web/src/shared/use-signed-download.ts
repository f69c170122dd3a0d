import { useState } from 'react';
import { errorsOf } from './api.ts';
import { showErrorNotice } from './notify.ts';
import { startDownload } from './start-download.ts';

/**
 * The click of a button that downloads through a short-lived signed link (Export CSV, Evidence pack):
 * asks the server for the link (the server audits the ask), then lets the browser download the streamed
 * file. One place so every such button is busy while it asks and shows the server's refusal the same way.
 */
export function useSignedDownload(askForLink: () => Promise<{ url: string; filename: string }>) {
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const link = await askForLink();
      startDownload(link.url, link.filename);
    } catch (error) {
      showErrorNotice(Object.values(errorsOf(error))[0]);
    } finally {
      setBusy(false);
    }
  };
  return { busy, start: () => void start() };
}
