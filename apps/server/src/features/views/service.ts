import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  VIEWS_LIMITS,
  VIEWS_MESSAGES,
  type CreateViewRequest,
  type ListPreferences,
  type ListPreferencesRequest,
  type ListSettingsResponse,
  type SavedView,
  type TableDensity,
  type UpdateViewRequest,
  type ViewState,
} from '@brokerdesk/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { listPreferences, savedViews, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import { isUniqueViolation } from '../../auth/staff.ts';

const DEFAULT_PREFERENCES: ListPreferences = { hiddenColumns: null, density: 'comfortable' };

type ViewRow = typeof savedViews.$inferSelect & { ownerName: string };

/**
 * Table settings and saved views. Every read and write is scoped to the caller's own rows
 * (staffId is always the session's user, never taken from the body); the one exception is reading a
 * view by its id, which is how a shared link opens for another staff member. These are a staff
 * member's own workspace settings, not records of the business: they are not audited.
 */
export class ViewsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async settings(staffId: string, list: string): Promise<ListSettingsResponse> {
    const [prefs] = await this.db
      .select({ hiddenColumns: listPreferences.hiddenColumns, density: listPreferences.density })
      .from(listPreferences)
      .where(and(eq(listPreferences.staffId, staffId), eq(listPreferences.list, list)));
    const rows = await this.selectViews(this.db)
      .where(and(eq(savedViews.staffId, staffId), eq(savedViews.list, list)))
      .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
    return {
      preferences: prefs ? toPreferences(prefs) : DEFAULT_PREFERENCES,
      views: rows.map((row) => toView(row, staffId)),
    };
  }

  /** Sets what the request names and keeps the rest; the first write for a list creates its row. */
  async setPreferences(staffId: string, input: ListPreferencesRequest) {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(listPreferences)
        .where(and(eq(listPreferences.staffId, staffId), eq(listPreferences.list, input.list)))
        .for('update');
      if (!existing) await this.assertRoomForList(tx, staffId);
      const next = {
        hiddenColumns:
          input.hiddenColumns !== undefined ? unique(input.hiddenColumns) : (existing?.hiddenColumns ?? null),
        density: input.density ?? (existing?.density as TableDensity | undefined) ?? 'comfortable',
      };
      await tx
        .insert(listPreferences)
        .values({ staffId, list: input.list, ...next, updatedAt: now })
        .onConflictDoUpdate({
          target: [listPreferences.staffId, listPreferences.list],
          set: { ...next, updatedAt: now },
        });
      return { preferences: toPreferences(next) };
    });
  }

  async view(staffId: string, id: string): Promise<{ view: SavedView }> {
    const [row] = await this.selectViews(this.db).where(eq(savedViews.id, id));
    if (!row) throw new NotFound(VIEWS_MESSAGES.notFound);
    return { view: toView(row, staffId) };
  }

  async create(staffId: string, input: CreateViewRequest): Promise<{ view: SavedView }> {
    const now = this.clock.now();
    const id = newId(now);
    await this.write(async (tx) => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(savedViews)
        .where(and(eq(savedViews.staffId, staffId), eq(savedViews.list, input.list)));
      if (n >= VIEWS_LIMITS.viewsPerList) throw new Conflict(VIEWS_MESSAGES.tooManyViews);
      if (input.isDefault) await clearDefault(tx, staffId, input.list);
      await tx.insert(savedViews).values({
        id,
        staffId,
        list: input.list,
        name: input.name,
        state: cleanState(input.state),
        isDefault: input.isDefault,
        createdAt: now,
        updatedAt: now,
      });
    });
    return this.view(staffId, id);
  }

  async update(staffId: string, input: UpdateViewRequest): Promise<{ view: SavedView }> {
    const now = this.clock.now();
    await this.write(async (tx) => {
      const [row] = await tx.select().from(savedViews).where(eq(savedViews.id, input._id)).for('update');
      if (!row) throw new NotFound(VIEWS_MESSAGES.notFound);
      if (row.staffId !== staffId) throw new Forbidden(VIEWS_MESSAGES.notYours);
      if (input.isDefault) await clearDefault(tx, staffId, row.list);
      await tx
        .update(savedViews)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.state !== undefined ? { state: cleanState(input.state) } : {}),
          ...(input.isDefault !== undefined ? { isDefault: input.isDefault } : {}),
          updatedAt: now,
        })
        .where(eq(savedViews.id, row.id));
    });
    return this.view(staffId, input._id);
  }

  async remove(staffId: string, id: string): Promise<{ success: boolean }> {
    const [row] = await this.db
      .select({ staffId: savedViews.staffId })
      .from(savedViews)
      .where(eq(savedViews.id, id));
    if (!row) throw new NotFound(VIEWS_MESSAGES.notFound);
    if (row.staffId !== staffId) throw new Forbidden(VIEWS_MESSAGES.notYours);
    await this.db.delete(savedViews).where(and(eq(savedViews.id, id), eq(savedViews.staffId, staffId)));
    return { success: true };
  }

  /** A transaction whose unique-name clash (a second view of the same name) is the caller's 400. */
  private async write(work: (tx: DbOrTx) => Promise<void>) {
    await this.db.transaction(work).catch((err: unknown) => {
      throw isUniqueViolation(err) ? new Invalid({ name: VIEWS_MESSAGES.nameTaken }) : err;
    });
  }

  /** A member keeps settings for a bounded number of lists: list ids are free text (contract/views.ts). */
  private async assertRoomForList(tx: DbOrTx, staffId: string) {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(listPreferences)
      .where(eq(listPreferences.staffId, staffId));
    if (n >= VIEWS_LIMITS.listsPerStaff) throw new Conflict(VIEWS_MESSAGES.tooManyLists);
  }

  private selectViews(db: DbOrTx) {
    return db
      .select({
        id: savedViews.id,
        staffId: savedViews.staffId,
        list: savedViews.list,
        name: savedViews.name,
        state: savedViews.state,
        isDefault: savedViews.isDefault,
        createdAt: savedViews.createdAt,
        updatedAt: savedViews.updatedAt,
        ownerName: sql<string>`trim(${users.name} || ' ' || ${users.surname})`,
      })
      .from(savedViews)
      .innerJoin(users, eq(users.id, savedViews.staffId));
  }
}

async function clearDefault(tx: DbOrTx, staffId: string, list: string) {
  await tx
    .update(savedViews)
    .set({ isDefault: false })
    .where(and(eq(savedViews.staffId, staffId), eq(savedViews.list, list), eq(savedViews.isDefault, true)));
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

/** Filters with only blanks add nothing to a view; hidden columns are kept once each. */
function cleanState(state: ViewState): ViewState {
  const filters = Object.fromEntries(Object.entries(state.filters).filter(([, v]) => v.trim() !== ''));
  return { ...state, filters, hiddenColumns: unique(state.hiddenColumns) };
}

function toPreferences(row: { hiddenColumns: string[] | null; density: string }): ListPreferences {
  return {
    hiddenColumns: row.hiddenColumns,
    density: row.density === 'compact' ? 'compact' : 'comfortable',
  };
}

function toView(row: ViewRow, callerId: string): SavedView {
  return {
    _id: row.id,
    list: row.list,
    name: row.name,
    state: row.state as ViewState,
    isDefault: row.isDefault,
    mine: row.staffId === callerId,
    ownerName: row.ownerName,
    updatedAt: row.updatedAt,
  };
}
