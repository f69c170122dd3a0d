import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { liveConnection, useLiveHandlers, type LiveHandlers } from '../../shared/live/index.ts';
import { useSessionToken } from '../../shared/use-session.ts';
import { refreshTopics } from './live-topics.ts';

/**
 * Live updates for the signed-in shell: the stream is open while there is a session, and each change
 * refetches what it touches (badges, the new-deposit notice, platform lights, lists on screen) within
 * a second. After a break everything is refetched, as changes may have been missed meanwhile.
 */
export function useLiveUpdates(): void {
  const token = useSessionToken();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    liveConnection.start(token);
    return () => liveConnection.stop();
  }, [token]);

  const handlers = useMemo<LiveHandlers>(
    () => ({
      onChange: (topics) => refreshTopics(queryClient, topics),
      onReconnect: () => refreshTopics(queryClient),
    }),
    [queryClient],
  );
  useLiveHandlers(handlers);
}
