import { MESSAGES, NOTIFICATION_MS } from '@brokerdesk/contract';
import { notifications } from '@mantine/notifications';
import './notify.css';

/** Mantine's close button is an icon alone: screen readers need its name. */
const CLOSE_LABEL = { 'aria-label': 'Close notice' };
/** Never over a list's pager, which sits at the bottom (notify.css). */
const POSITION = 'top-right';

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
    position: POSITION,
  });
}

/** Any other notice (amber, blue), in the same place and for the same 5 s as the others. */
export function showNotice(options: { message: string; title?: string; color: string }): void {
  notifications.show({
    ...options,
    autoClose: NOTIFICATION_MS,
    closeButtonProps: CLOSE_LABEL,
    position: POSITION,
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
    position: POSITION,
  });
}
