/**
 * Lets the browser download a file from a short-lived signed link (a CSV export, an evidence pack): the
 * file streams to disk and never passes through page memory, and no bearer header is needed.
 */
export function startDownload(url: string, filename: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
}
