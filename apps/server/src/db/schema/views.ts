import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, epoch } from './columns.ts';
import { users } from './clients.ts';

/** Table settings and saved views (migration 0015). */

/** A staff member's columns and density of one list. hiddenColumns null: the list's defaults. */
export const listPreferences = pgTable(
  'list_preferences',
  {
    staffId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text().notNull(),
    hiddenColumns: jsonb().$type<string[]>(),
    density: text().notNull().default('comfortable'),
    updatedAt: epoch().notNull(),
  },
  (t) => [primaryKey({ name: 'list_preferences_pk', columns: [t.staffId, t.list] })],
);

/** A named set of filters, sort, page size and columns of one list, saved by a staff member. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    staffId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text().notNull(),
    name: text().notNull(),
    state: jsonb().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: epoch().notNull(),
    updatedAt: epoch().notNull(),
  },
  (t) => [
    uniqueIndex('saved_views_name_uq').on(t.staffId, t.list, sql`lower(${t.name})`),
    uniqueIndex('saved_views_default_uq')
      .on(t.staffId, t.list)
      .where(sql`${t.isDefault}`),
  ],
);
