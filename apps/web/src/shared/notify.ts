import { MESSAGES, NOTIFICATION_MS } from '@brokerdesk/contract';
import { notifications } from '@mantine/notifications';

/** Mantine's close button is an icon alone: screen readers need its name. */
const CLOSE_LABEL = { 'aria-label': 'Close notice' };

/**
 * The generic failure notice of docs/product.md [msg.generic-failure]: 'Something went wrong!', title
 * 'Error', 5 s.
 */
export function showErrorNotice(message: string = MESSAGES.somethingWrong): void {
  notifications.show({
    title: MESSAGES.errorTitle,
    message,
    color: 'red',
    autoClose: NOTIFICATION_MS,
    closeButtonProps: CLOSE_LABEL,
  });
}

/** Success notices of docs/product.md [msg.success-notices] (5 s). */
export function showSuccessNotice(message: string, title?: string): void {
  notifications.show({
    title,
    message,
    color: 'green',
    autoClose: NOTIFICATION_MS,
    closeButtonProps: CLOSE_LABEL,
  });
}
