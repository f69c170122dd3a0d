import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSessionToken } from '../shared/use-session.ts';

/**
 * When the session ends by any route (logout, a 401 from polling after the idle timeout, another tab),
 * drop cached server data and open notices so the next person at this desk sees nothing of the last one.
 */
export function SessionWatcher() {
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const previous = useRef(token);

  useEffect(() => {
    if (previous.current !== null && token === null) {
      queryClient.clear();
      notifications.clean();
    }
    previous.current = token;
  }, [token, queryClient]);

  return null;
}
