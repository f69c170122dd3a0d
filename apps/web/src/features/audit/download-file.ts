import { MESSAGES, errorBodySchema } from '@brokerdesk/contract';
import { ApiError } from '../../shared/api.ts';
import { clearSession, getToken } from '../../shared/session.ts';
import { startDownload } from '../../shared/start-download.ts';

/**
 * Downloads a file the API serves only with the bearer header (CSV exports): fetched with the session's
 * token, then handed to the browser as a download under the name the server gave it.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, { server: MESSAGES.serverError });
  }
  if (!response.ok) {
    const body = errorBodySchema.safeParse(await response.json().catch(() => null));
    if (response.status === 401 && token && token === getToken()) clearSession();
    throw new ApiError(response.status, body.success ? body.data.errors : { server: MESSAGES.serverError });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  startDownload(url, name);
  // The click has started the download; the object URL is no longer needed once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
