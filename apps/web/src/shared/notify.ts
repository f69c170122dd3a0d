import { MESSAGES, NOTIFICATION_MS } from '@brokerdesk/contract';
import { notifications } from '@mantine/notifications';

/** Mantine's close button is an icon alone: screen readers need its name. */
const CLOSE_LABEL = { 'aria-label': 'Close notice' };

/** The generic failure notice of SPEC 8: 'Something went wrong!', title 'Error', 5 s. */
export function showErrorNotice(message: string = MESSAGES.somethingWrong): void {
  notifications.show({
    title: MESSAGES.errorTitle,
    message,
    color: 'red',
    autoClose: NOTIFICATION_MS,
    closeButtonProps: CLOSE_LABEL,
  });
}

/** Success notices of SPEC 8 (5 s). */
export function showSuccessNotice(message: string, title?: string): void {
  notifications.show({
    title,
    message,
    color: 'green',
    autoClose: NOTIFICATION_MS,
    closeButtonProps: CLOSE_LABEL,
  });
}
