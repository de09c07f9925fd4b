// react-admin's notifications: errors go to the shell's error banner (joining the API error
// the fetch observer already showed), the others stay snackbars that close after 10 s.
import { useEffect } from 'react';
import { Notification, useNotificationContext } from 'react-admin';
import { errorBanner, ERROR_BANNER_TIMEOUT_MS } from './errorBanner';

export function ShellNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const first = notifications[0];
  useEffect(() => {
    if (first?.type !== 'error') return;
    takeNotification();
    const message = typeof first.message === 'string' ? first.message : 'ra.notification.http_error';
    const args = first.notificationOptions?.messageArgs;
    errorBanner.show({ message, ...(args ? { messageArgs: args as Record<string, unknown> } : {}) });
  }, [first, takeNotification]);
  if (first?.type === 'error') return null;
  return <Notification autoHideDuration={ERROR_BANNER_TIMEOUT_MS} />;
}
