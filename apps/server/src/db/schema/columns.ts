import { bigint, numeric, text } from 'drizzle-orm/pg-core';

/** Ids are 24 hex characters, times epoch seconds (bigint), money numeric(18,2). */
export const id = () => text().primaryKey();
export const epoch = () => bigint({ mode: 'number' });
export const money = () => numeric({ precision: 18, scale: 2, mode: 'number' });
