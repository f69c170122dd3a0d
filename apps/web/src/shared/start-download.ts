/**
 * Lets the browser download a file under a name: from a short-lived signed link (a CSV export, an
 * evidence pack: the file streams to disk, never passes through page memory, and needs no bearer header)
 * or from the object URL of a file already fetched with the bearer header (downloadFile).
 */
export function startDownload(url: string, filename: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
}
