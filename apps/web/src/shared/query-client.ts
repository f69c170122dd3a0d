import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { showErrorNotice } from './notify.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `errorNotice: false` for a mutation whose screen shows every error itself (the sign-in forms). */
    mutationMeta: { errorNotice?: boolean };
  }
}

/** Keys that are not a form field: a failure carrying only these gets the generic notice. */
const NON_FIELD_KEYS = new Set(['server', 'errors', 'message']);

function hasFieldErrors(error: unknown): boolean {
  return error instanceof ApiError && Object.keys(error.errors).some((key) => !NON_FIELD_KEYS.has(key));
}

/** Client errors will fail the same way again; only network trouble and 5xx are worth a retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 10_000 },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorNotice === false) return;
        // A 401 already ends the session and leaves the page; a notice on top is noise.
        if (error instanceof ApiError && error.status === 401) return;
        if (!hasFieldErrors(error)) showErrorNotice();
      },
    }),
  });
}
