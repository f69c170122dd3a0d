import { z } from 'zod';
import { epochSchema, idSchema } from './common.ts';

/**
 * Per-staff table settings: which columns a list shows, its row density, and saved views
 * (named filters, sort, page size and columns). Each staff member reads and writes only their own; a
 * view's id is its shareable link, readable by any staff member.
 */

export const VIEWS_MESSAGES = {
  nameTaken: 'You already have a view with this name on this list.',
  notFound: 'No such view.',
  notYours: 'Only the staff member who saved a view can change it.',
  tooManyViews: 'A list keeps at most 30 saved views: delete one first.',
  tooManyLists: 'Settings are kept for at most 200 lists.',
  nothingToChange: 'Give a name, a state or a default flag to change.',
  saved: 'The view has been saved.',
} as const;

export const VIEWS_LIMITS = { viewsPerList: 30, listsPerStaff: 200, columns: 60, filters: 30 } as const;

/**
 * A list's id, as its screen names it: the area and, for screens with status tabs, the tab
 * ('users.pending', 'deposit.historical', 'audit'). Not an enum, so a new screen needs no server change;
 * a staff member's rows are capped instead (VIEWS_LIMITS).
 */
export const listIdSchema = z
  .string()
  .max(80)
  .regex(/^[a-z][a-z0-9-]*(\.[a-z0-9-]+){0,3}$/, 'Unknown list.');
export type ListId = z.infer<typeof listIdSchema>;

/** A column's id: the server's field name, or a screen's own (actions, fourEyes). */
const columnIdSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'Unknown column.');

export const hiddenColumnsSchema = z.array(columnIdSchema).max(VIEWS_LIMITS.columns);

export const TABLE_DENSITIES = ['comfortable', 'compact'] as const;
export const tableDensitySchema = z.enum(TABLE_DENSITIES);
export type TableDensity = z.infer<typeof tableDensitySchema>;

/** A staff member's settings of one list. hiddenColumns null: never chosen, the list's defaults apply. */
export const listPreferencesSchema = z.object({
  hiddenColumns: hiddenColumnsSchema.nullable(),
  density: tableDensitySchema,
});
export type ListPreferences = z.infer<typeof listPreferencesSchema>;

/** What a view restores: the list's URL state (raw filter values as typed) and its hidden columns. */
export const viewStateSchema = z.strictObject({
  sortField: columnIdSchema.optional(),
  sortOrder: z.enum(['asc', 'desc']),
  sizePerPage: z.number().int().min(1).max(500),
  filters: z
    .record(columnIdSchema, z.string().max(200))
    .refine((f) => Object.keys(f).length <= VIEWS_LIMITS.filters, 'Too many filters.'),
  hiddenColumns: hiddenColumnsSchema,
});
export type ViewState = z.infer<typeof viewStateSchema>;

const viewNameSchema = z.string().trim().min(1, 'Required.').max(60, 'At most 60 characters.');

export const savedViewSchema = z.object({
  _id: idSchema,
  list: listIdSchema,
  name: z.string(),
  state: viewStateSchema,
  /** Opened when its owner opens the list without view params (one per list and staff member). */
  isDefault: z.boolean(),
  /** Whether the caller saved it (only then may they change it). */
  mine: z.boolean(),
  ownerName: z.string(),
  updatedAt: epochSchema,
});
export type SavedView = z.infer<typeof savedViewSchema>;

/** GET /api/admin/views?list=: the caller's settings and views of one list. */
export const listSettingsQuery = z.strictObject({ list: listIdSchema });
export const listSettingsResponse = z.object({
  preferences: listPreferencesSchema,
  views: z.array(savedViewSchema),
});
export type ListSettingsResponse = z.infer<typeof listSettingsResponse>;

/** POST /api/admin/views/preferences: the caller's columns and/or density of one list. */
export const listPreferencesRequest = z.strictObject({
  list: listIdSchema,
  hiddenColumns: hiddenColumnsSchema.optional(),
  density: tableDensitySchema.optional(),
});
export type ListPreferencesRequest = z.infer<typeof listPreferencesRequest>;
export const listPreferencesResponse = z.object({ preferences: listPreferencesSchema });

/** POST /api/admin/views/create. isDefault: true moves the caller's default of the list to this view. */
export const createViewRequest = z.strictObject({
  list: listIdSchema,
  name: viewNameSchema,
  state: viewStateSchema,
  isDefault: z.boolean().default(false),
});
export type CreateViewRequest = z.infer<typeof createViewRequest>;

/** POST /api/admin/views/update: rename, overwrite the state with the current one, or (un)set default. */
export const updateViewRequest = z
  .strictObject({
    _id: idSchema,
    name: viewNameSchema.optional(),
    state: viewStateSchema.optional(),
    isDefault: z.boolean().optional(),
  })
  .refine((b) => b.name !== undefined || b.state !== undefined || b.isDefault !== undefined, {
    path: ['name'],
    message: VIEWS_MESSAGES.nothingToChange,
  });
export type UpdateViewRequest = z.infer<typeof updateViewRequest>;

export const viewResponse = z.object({ view: savedViewSchema });
export type ViewResponse = z.infer<typeof viewResponse>;

/** POST /api/admin/views/delete. */
export const deleteViewRequest = z.strictObject({ _id: idSchema });
export const deleteViewResponse = z.object({ success: z.boolean() });

/** GET /api/admin/views/:id: one view by its link, for any staff member (a shared view). */
export const viewParams = z.strictObject({ id: idSchema });
