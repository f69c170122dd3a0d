export * from './roles.ts';
export * from './constants.ts';
export * from './messages.ts';
export * from './common.ts';
export * from './entities.ts';
export * from './auth.ts';
export * from './system.ts';
