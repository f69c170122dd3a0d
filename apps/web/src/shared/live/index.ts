/** Live updates: the server-sent-events stream of this tab and its React hooks. */
export { LiveConnection, type LiveHandlers, type LiveStatus } from './live-connection.ts';
export { liveConnection, useLiveHandlers, useLiveStatus } from './use-live.ts';
export { reconnectDelay } from './reconnect.ts';
