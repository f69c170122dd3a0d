import { MESSAGES } from '@brokerdesk/contract';
import { ApiError } from '../../shared/api.ts';

/** Keys that are not a form field; anything else is shown under its field instead of in a notice. */
const NON_FIELD_KEYS = new Set(['server', 'errors', 'message']);

/**
 * The notice for a failed IB call (docs/product.md [messages]): no slot left gets its own title ('IB Code
 * Insert Failed'); otherwise the server's message, or 'Something went wrong!' when there is none (no answer
 * at all). Null when the failure is about fields, which the form shows under them.
 */
export function ibFailureNotice(error: unknown): { title: string; message: string } | null {
  if (!(error instanceof ApiError) || error.status === 0) {
    return { title: MESSAGES.errorTitle, message: MESSAGES.somethingWrong };
  }
  // A 401 already ends the session and leaves the page; a notice on top is noise.
  if (error.status === 401) return null;
  if (Object.keys(error.errors).some((key) => !NON_FIELD_KEYS.has(key))) return null;
  const message = error.errors.server ?? error.errors.message ?? error.errors.errors;
  if (message === MESSAGES.noIntroducerSlots) {
    return { title: MESSAGES.noIntroducerSlotsTitle, message };
  }
  return { title: MESSAGES.errorTitle, message: message || MESSAGES.somethingWrong };
}
