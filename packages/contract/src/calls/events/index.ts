export { openLiveEvents } from './open-live-events.ts';
