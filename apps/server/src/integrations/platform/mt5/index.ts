export { Mt5Platform, createMt5Platform, type Mt5Config, type Mt5Group } from './client.ts';
export type { Mt5Log } from './session.ts';
