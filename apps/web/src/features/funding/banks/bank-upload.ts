import { MESSAGES, calls, errorBodySchema, urlOf, type UploadResponse } from '@brokerdesk/contract';
import { ApiError } from '../../../shared/api.ts';
import { getToken } from '../../../shared/session.ts';

/**
 * POST /upload: a bank statement for a client, as multipart `userId` + `file`; the reply's `file` is
 * sent back as bankPOA. shared/api.ts speaks JSON only, so this one call builds its own request with
 * the same bearer header and the same error shape (ApiError with the server's `errors`).
 */
export async function uploadStatement(userId: string, file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('userId', userId);
  form.append('file', file);
  const token = getToken();
  let response: Response;
  try {
    const upload = calls.banks.uploadDocument;
    response = await fetch(urlOf(upload), {
      method: upload.method,
      headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    throw new ApiError(0, { server: MESSAGES.serverError });
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(body);
    const errors = parsed.success ? parsed.data.errors : {};
    // The statement's own problems (type, size) belong under the file input.
    throw new ApiError(
      response.status,
      Object.keys(errors).length > 0
        ? errors
        : { file: response.status === 413 ? MESSAGES.tooLarge : MESSAGES.serverError },
    );
  }
  const parsed = calls.banks.uploadDocument.response.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, { server: MESSAGES.serverError });
  return parsed.data;
}
