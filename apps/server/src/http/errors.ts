import { MESSAGES } from '@brokerdesk/contract';

/** Errors are typed where they arise and turned into HTTP in one place (http/error-handler.ts). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: Record<string, string>,
  ) {
    super(Object.values(errors)[0] ?? 'error');
  }
}

export class Invalid extends AppError {
  constructor(errors: Record<string, string>) {
    super(400, errors);
  }
}
export class Unauthorized extends AppError {
  constructor(message: string = MESSAGES.sessionExpired) {
    super(401, { auth: message });
  }
}
export class Forbidden extends AppError {
  constructor(message: string = MESSAGES.forbidden) {
    super(403, { auth: message });
  }
}
export class NotFound extends AppError {
  constructor(message: string = MESSAGES.notFound) {
    super(404, { server: message });
  }
}
export class Conflict extends AppError {
  constructor(message: string = MESSAGES.conflict) {
    super(409, { server: message });
  }
}
export class TooMany extends AppError {
  /** retryAfter: seconds, sent as the Retry-After header. */
  constructor(
    errors: Record<string, string> = { server: MESSAGES.tooManyRequests },
    readonly retryAfter?: number,
  ) {
    super(429, errors);
  }
}
export class Unavailable extends AppError {
  constructor(message: string) {
    super(503, { server: message });
  }
}

export const UNSUPPORTED_MEDIA_TYPE =
  'This content type is not accepted: the API reads JSON (application/json) and uploads (multipart/form-data).';

/** A body the server does not read: another content type, charset or encoding. */
export class UnsupportedMediaType extends AppError {
  constructor(message: string = UNSUPPORTED_MEDIA_TYPE) {
    super(415, { body: message });
  }
}
