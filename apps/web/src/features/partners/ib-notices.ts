import { showNotice } from '../../shared/notify.ts';
import { ibFailureNotice } from './ib-failure.ts';

/** Shows the notice `ibFailureNotice` picks (5 s, red), if any. */
export function showIbFailure(error: unknown): void {
  const notice = ibFailureNotice(error);
  if (notice) showNotice({ ...notice, color: 'red' });
}
