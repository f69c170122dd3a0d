import { asc, eq, sql } from 'drizzle-orm';
import type { Group } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { groups, tradingAccounts } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit } from '../../audit/audit.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import type { StaffContext } from '../../auth/sessions.ts';

type Fields = { groupId: string; groupName: string; groupStatus: 'active' | 'disabled'; copy: string };
type Row = typeof groups.$inferSelect;
const toWire = (g: Row): Group => ({ ...g, groupStatus: g.groupStatus as Group['groupStatus'] });

/**
 * Account groups (docs/product.md [screen.groups]): add, edit, delete; a group still used by trading accounts
 * is kept.
 */
export class GroupsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list() {
    const rows = await this.db.select().from(groups).orderBy(asc(groups.groupId));
    return { groups: rows.map(toWire) };
  }

  async add(f: Fields, staff: StaffContext) {
    const now = this.clock.now();
    const group = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(groups)
        .values({ ...f, timestamp: now })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new Invalid({ groupId: 'A group with this ID already exists.' });
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'group.added',
        entity: 'group',
        entityId: f.groupId,
        after: row,
      });
      return row;
    });
    return { success: true, group: toWire(group) };
  }

  async edit(f: Fields, staff: StaffContext) {
    const now = this.clock.now();
    const group = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(groups).where(eq(groups.groupId, f.groupId)).for('update');
      if (!before) throw new NotFound('No such group.');
      const [after] = await tx
        .update(groups)
        .set({ groupName: f.groupName, groupStatus: f.groupStatus, copy: f.copy })
        .where(eq(groups.groupId, f.groupId))
        .returning();
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'group.edited',
        entity: 'group',
        entityId: f.groupId,
        before,
        after,
      });
      return after!;
    });
    return { success: true, group: toWire(group) };
  }

  async remove(groupId: string, staff: StaffContext) {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(groups).where(eq(groups.groupId, groupId)).for('update');
      if (!before) throw new NotFound('No such group.');
      const [used] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(tradingAccounts)
        .where(eq(tradingAccounts.accountGroup, groupId));
      if (used && used.n > 0)
        throw new Conflict(`This group is used by ${used.n} trading accounts and cannot be deleted.`);
      await tx.delete(groups).where(eq(groups.groupId, groupId));
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'group.deleted',
        entity: 'group',
        entityId: groupId,
        before,
      });
    });
    return { success: true };
  }
}
