import {
  MESSAGES,
  errorBodySchema,
  urlOf,
  type CallInput,
  type CallReply,
  type JsonCall,
  type NeedsNoInput,
} from '@brokerdesk/contract';
import type { z } from 'zod';
import { clearSession, getToken } from './session.ts';

/** Field key -> message, the shape of the server's `{ errors }` body (docs/product.md [api.errors]). */
export type FieldErrors = Record<string, string>;

/**
 * A failed call. `errors` is the server's `errors` body, or `{ server: 'Server error.' }` when no usable
 * reply came back (docs/product.md [messages]); `status` is 0 when the request never got an answer.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  readonly requestId: string | undefined;

  constructor(status: number, errors: FieldErrors, requestId?: string) {
    super(Object.values(errors)[0] ?? MESSAGES.serverError);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.requestId = requestId;
  }
}

/** What to say when the server answered an error status without an `errors` body. */
const STATUS_MESSAGES: Record<number, string> = {
  401: MESSAGES.sessionExpired,
  403: MESSAGES.forbidden,
  404: MESSAGES.notFound,
  409: MESSAGES.conflict,
  413: MESSAGES.tooLarge,
  429: MESSAGES.tooManyRequests,
};

export type RequestOptions = {
  /** Polling: the server does not count it as staff activity for the idle timeout. */
  background?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

async function errorFromResponse(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success && Object.keys(parsed.data.errors).length > 0) {
    return new ApiError(response.status, parsed.data.errors, parsed.data.requestId);
  }
  // A rate limiter or proxy may answer `{ message }`; a 429's message is meant for the user.
  const message =
    response.status === 429 && body && typeof body === 'object' && 'message' in body
      ? String(body.message)
      : (STATUS_MESSAGES[response.status] ?? MESSAGES.serverError);
  return new ApiError(response.status, { server: message });
}

/**
 * One call to the API: JSON in and out, the bearer header from the session, the reply checked against
 * the contract schema so screens get exact types. A 401 on an authenticated call means the session is
 * gone (idle, revoked, expired): the session is cleared and the guard sends the user to /login.
 */
export async function request<S extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  body?: unknown,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.background) headers['X-Background'] = '1';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, { server: MESSAGES.serverError });
  }

  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (response.status === 401 && token && token === getToken()) clearSession();
    throw error;
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch (error) {
    // Cancelled while the body arrived (the screen was left): not a bad reply, nothing to report.
    if (options.signal?.aborted) throw error;
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected reply from ${method} ${path}`, parsed.error.issues);
    throw new ApiError(response.status, { server: MESSAGES.serverError });
  }
  return parsed.data;
}

type CallArgs<D extends JsonCall> =
  NeedsNoInput<D> extends true
    ? [input?: CallInput<D>, options?: RequestOptions]
    : [input: CallInput<D>, options?: RequestOptions];

/**
 * Makes a call of the contract: its method and path (parameters filled in, query appended), the body
 * typed by its request schema and the reply checked against its response schema.
 */
export function call<D extends JsonCall>(def: D, ...[input, options]: CallArgs<D>): Promise<CallReply<D>> {
  const parts = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
  };
  const body = def.method === 'POST' ? (parts.body ?? {}) : undefined;
  return request(def.method, urlOf(def, parts), def.response, body, options) as Promise<CallReply<D>>;
}

/** The errors to show for any thrown value: the server's fields, or the generic server error. */
export function errorsOf(error: unknown): FieldErrors {
  return error instanceof ApiError ? error.errors : { server: MESSAGES.serverError };
}
