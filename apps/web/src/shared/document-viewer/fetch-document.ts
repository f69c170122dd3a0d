/** What a signed link holds, ready to show: a picture (as a data: URL the CSP allows), a PDF, or neither. */
export type LoadedDocument =
  { kind: 'image'; src: string } | { kind: 'pdf'; data: ArrayBuffer } | { kind: 'other'; type: string };

export class DocumentLinkError extends Error {}

/**
 * The console's signed links are its own paths, sometimes written with the public address in front:
 * fetched by path, so the request stays on this origin (CSP connect-src 'self').
 */
export function ownPath(url: string): string {
  const u = new URL(url, window.location.origin);
  return `${u.pathname}${u.search}`;
}

/**
 * Fetches a document through its signed link (the server logs the opening) and reads it by the type
 * the server sent. A PDF is read as bytes for pdf.js: the browser's own PDF viewer never sees it.
 */
export async function fetchDocument(url: string, signal?: AbortSignal): Promise<LoadedDocument> {
  const response = await fetch(ownPath(url), { signal, cache: 'no-store', credentials: 'omit' });
  if (response.status === 403)
    throw new DocumentLinkError('This link has expired. Close the viewer and open the document again.');
  if (response.status === 404) throw new DocumentLinkError('The document is no longer on file.');
  if (!response.ok) throw new DocumentLinkError('The document could not be loaded. Try again in a moment.');
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/pdf') return { kind: 'pdf', data: await response.arrayBuffer() };
  if (type.startsWith('image/')) return { kind: 'image', src: await dataUrl(await response.blob()) };
  return { kind: 'other', type };
}

function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new DocumentLinkError('The picture could not be read.'));
    reader.readAsDataURL(blob);
  });
}
