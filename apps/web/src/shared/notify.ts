import { MESSAGES, NOTIFICATION_MS } from '@brokerdesk/contract';
import { notifications, type NotificationData } from '@mantine/notifications';
import './notify.css';

/** Mantine's close button is an icon alone: screen readers need its name. */
const CLOSE_LABEL = { 'aria-label': 'Close notice' };
/** Never over a list's pager, which sits at the bottom (notify.css); the root layout uses it too. */
export const NOTICE_POSITION = 'top-right';

/**
 * Every notice of the console goes through here, so they all stand in one place, name their close
 * button and last 5 s unless the caller keeps one open (`autoClose: false`).
 */
export function showNotice(options: Omit<NotificationData, 'position' | 'closeButtonProps'>): void {
  notifications.show({
    autoClose: NOTIFICATION_MS,
    ...options,
    closeButtonProps: CLOSE_LABEL,
    position: NOTICE_POSITION,
  });
}

/** Takes a notice away before its time (one shown with a fixed id). */
export function hideNotice(id: string): void {
  notifications.hide(id);
}

/**
 * The generic failure notice of docs/product.md [msg.generic-failure]: 'Something went wrong!', title
 * 'Error', 5 s.
 */
export function showErrorNotice(message: string = MESSAGES.somethingWrong): void {
  showNotice({ title: MESSAGES.errorTitle, message, color: 'red' });
}

/** Success notices of docs/product.md [msg.success-notices] (5 s). */
export function showSuccessNotice(message: string, title?: string): void {
  showNotice({ title, message, color: 'green' });
}
