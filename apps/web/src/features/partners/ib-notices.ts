import { NOTIFICATION_MS } from '@brokerdesk/contract';
import { notifications } from '@mantine/notifications';
import { ibFailureNotice } from './ib-failure.ts';

/** Shows the notice `ibFailureNotice` picks (5 s, red), if any. */
export function showIbFailure(error: unknown): void {
  const notice = ibFailureNotice(error);
  if (notice) notifications.show({ ...notice, color: 'red', autoClose: NOTIFICATION_MS });
}
