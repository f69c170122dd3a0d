import { useEffect, useSyncExternalStore } from 'react';
import { LiveConnection, type LiveHandlers, type LiveStatus } from './live-connection.ts';

/** The one live-updates stream of this tab; the shell starts and stops it with the session. */
export const liveConnection = new LiveConnection();

const subscribe = (listener: () => void) => liveConnection.subscribeStatus(listener);
const snapshot = () => liveConnection.status;

/** The stream's state, re-rendering when it changes (polling intervals, the sidebar indicator). */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribe, snapshot, () => 'off' as const);
}

/** Calls the handlers for as long as the component is mounted. Pass stable handlers (useMemo). */
export function useLiveHandlers(handlers: LiveHandlers): void {
  useEffect(() => liveConnection.subscribe(handlers), [handlers]);
}
