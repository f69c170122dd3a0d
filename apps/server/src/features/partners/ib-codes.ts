import { count, eq, ilike, or, sql } from 'drizzle-orm';
import {
  generatedCodeLink,
  IB_MESSAGES,
  introducerLink,
  SLOT_MESSAGES,
  type PagedRequest,
} from '@brokerdesk/contract';
import { escapeLike, planList, sortableColumns, type ListSpec } from '../../lib/paged-query.ts';
import { readPage } from '../../lib/read-page.ts';
import type { Db, Tx } from '../../db/client.ts';
import { generatedCodes, ibCodes } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { audit } from '../../audit/audit.ts';
import { Conflict, Invalid, NotFound } from '../../http/errors.ts';
import { addSlots, lockQuota, readQuota, spendIbCode, spendSubcodes } from './quota.ts';
import { accessCode, introducerCode } from './random-codes.ts';
import { toWireIbCode } from './rows.ts';
import { logForPartner, type Staff } from './staff.ts';

type NewIntroducer = { name: string; agentCode: number; statusCode: string };
type IntroducerEdit = { ibId: string; name?: string; statusCode?: string };
/**
 * docs/product.md [screen.ib-codes] columns; `q` is the screen's search box: a name part or an agent code
 * part.
 */
const INTRODUCERS: ListSpec = {
  tieBreaker: ibCodes.id,
  defaultSort: { field: 'timeCreated', order: 'desc' },
  fields: {
    ...sortableColumns(ibCodes, {
      timeCreated: 'number',
      name: 'text',
      agentCode: 'number',
      statusCode: 'text',
    }),
    q: {
      column: ibCodes.name,
      filter: (f) => {
        const like = `%${escapeLike(String(f.filterVal).trim())}%`;
        return or(ilike(ibCodes.name, like), ilike(sql`${ibCodes.agentCode}::text`, like));
      },
    },
  },
};
/** The where and order of an introducer view (also what its CSV export runs). */
export function planIntroducers(req: PagedRequest) {
  return planList(INTRODUCERS, req);
}

/** Names like 'Link 2' and 'Link 10' sort as people read them. */
const byNumber = new Intl.Collator('en', { numeric: true });

/** What IbCodesService is built from (composition.ts). */
export type IbCodesServiceDeps = {
  db: Db;
  clock: Clock;
  publicUrl: string;
};

/**
 * IB codes (docs/product.md [screen.ib-codes]): introducers, their counters, and the access codes generated
 * for them.
 */
export class IbCodesService {
  constructor(private readonly deps: IbCodesServiceDeps) {}

  /** One server page of introducers, newest first unless sorted, with the quota counters. */
  async list(req: PagedRequest) {
    const plan = planIntroducers(req);
    const { rows, total } = await readPage(this.deps.db, ibCodes, plan);
    return { ibs: rows.map(toWireIbCode), counters: await readQuota(this.deps.db), ...total };
  }

  async generated(agentCode: number) {
    const [ib] = await this.deps.db
      .select({ id: ibCodes.id })
      .from(ibCodes)
      .where(eq(ibCodes.agentCode, agentCode));
    if (!ib) throw new NotFound(IB_MESSAGES.noSuchIntroducer);
    const rows = await this.deps.db
      .select()
      .from(generatedCodes)
      .where(eq(generatedCodes.agentCode, agentCode));
    rows.sort((a, b) => a.timestamp - b.timestamp || byNumber.compare(a.name, b.name));
    return { codes: rows.map((r) => this.wireCode(agentCode, r)) };
  }

  /** Add Introducer: the agent code must be free, and one IB code slot is spent. */
  async add(input: NewIntroducer, staff: Staff) {
    const now = this.deps.clock.now();
    const row = await this.deps.db.transaction(async (tx) => {
      const quota = await lockQuota(tx);
      const [taken] = await tx
        .select({ id: ibCodes.id })
        .from(ibCodes)
        .where(eq(ibCodes.agentCode, input.agentCode));
      if (taken) throw new Invalid({ agentCode: IB_MESSAGES.agentCodeTaken });
      await spendIbCode(tx, quota);
      const [ib] = await tx
        .insert(ibCodes)
        .values({
          id: newId(now),
          name: input.name,
          code: introducerCode(),
          agentCode: input.agentCode,
          statusCode: input.statusCode,
          link: introducerLink(this.deps.publicUrl, input.agentCode),
          timestamp: now,
          timeCreated: now,
          // Added by staff, so approved at once (only introducers from elsewhere wait for approval).
          timeApproved: now,
        })
        .returning();
      await logForPartner(tx, input.agentCode, `Introducer ${input.agentCode} added`, staff, now);
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'introducer.added',
        entity: 'ib_code',
        entityId: ib!.id,
        after: toWireIbCode(ib!),
        ip: staff.ip,
      });
      return ib!;
    });
    return { success: true, addIbCode: toWireIbCode(row) };
  }

  /** The inline rename, and the status code; the agent code stays, as links and clients carry it. */
  async edit(input: IntroducerEdit, staff: Staff) {
    const now = this.deps.clock.now();
    const row = await this.deps.db.transaction(async (tx) => {
      const [before] = await tx.select().from(ibCodes).where(eq(ibCodes.id, input.ibId)).for('update');
      if (!before) throw new NotFound('No such introducer.');
      const changes = { name: input.name ?? before.name, statusCode: input.statusCode ?? before.statusCode };
      const [after] = await tx.update(ibCodes).set(changes).where(eq(ibCodes.id, before.id)).returning();
      await logForPartner(tx, before.agentCode, `Introducer ${before.agentCode} updated`, staff, now);
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'introducer.edited',
        entity: 'ib_code',
        entityId: before.id,
        before: toWireIbCode(before),
        after: toWireIbCode(after!),
        ip: staff.ip,
      });
      return after!;
    });
    return { success: true, addIbCode: toWireIbCode(row) };
  }

  /** Generate codes: all of them or none, spending as many subcode slots. */
  async generate(input: { agentCode: number; numOfCodes: number }, staff: Staff) {
    const now = this.deps.clock.now();
    const n = input.numOfCodes;
    const rows = await this.deps.db.transaction(async (tx) => {
      const quota = await lockQuota(tx);
      const [ib] = await tx.select().from(ibCodes).where(eq(ibCodes.agentCode, input.agentCode));
      if (!ib) throw new Invalid({ agentCode: IB_MESSAGES.noSuchIntroducer });
      if (quota.availableSubcodes < n)
        throw new Conflict(IB_MESSAGES.notEnoughSubcodes(quota.availableSubcodes));
      const [existing] = await tx
        .select({ n: count() })
        .from(generatedCodes)
        .where(eq(generatedCodes.agentCode, ib.agentCode));
      const first = (existing?.n ?? 0) + 1;
      const names = Array.from({ length: n }, (_, i) => `Link ${first + i}`);
      const made = await insertUnique(tx, ib.agentCode, names, now);
      await spendSubcodes(tx, n);
      await logForPartner(tx, ib.agentCode, `${n} access codes generated`, staff, now);
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'introducer.codes-generated',
        entity: 'ib_code',
        entityId: ib.id,
        after: { agentCode: ib.agentCode, names },
        ip: staff.ip,
      });
      return made;
    });
    return {
      success: true,
      message: `${n} codes generated.`,
      codes: rows.map((r) => this.wireCode(input.agentCode, r)),
    };
  }

  /** Adds introducer code and subcode slots (SYSOP: the route checks the role). */
  async addSlots(input: { ibCodes: number; subcodes: number }, staff: Staff) {
    const now = this.deps.clock.now();
    const counters = await this.deps.db.transaction(async (tx) => {
      const before = await lockQuota(tx);
      const after = await addSlots(tx, before, input);
      await audit(tx, now, {
        actorId: staff.userId,
        action: 'introducer.slots-added',
        entity: 'ib_quota',
        entityId: '1',
        before,
        after: { ...after, added: input },
        ip: staff.ip,
      });
      return after;
    });
    return {
      success: true,
      message: SLOT_MESSAGES.added(input.ibCodes, input.subcodes),
      counters,
    };
  }

  private wireCode(agentCode: number, r: { name: string; code: string }) {
    return { name: r.name, code: r.code, link: generatedCodeLink(this.deps.publicUrl, agentCode, r.code) };
  }
}

/** Inserts one code per name; a code that happens to exist already is drawn again. */
async function insertUnique(tx: Tx, agentCode: number, names: string[], now: number) {
  const made: (typeof generatedCodes.$inferSelect)[] = [];
  let todo = names;
  for (let round = 0; todo.length > 0; round++) {
    if (round === 5) throw new Error('could not draw unique access codes');
    const values = todo.map((name) => ({
      id: newId(now),
      agentCode,
      name,
      code: accessCode(),
      timestamp: now,
    }));
    const inserted = await tx.insert(generatedCodes).values(values).onConflictDoNothing().returning();
    made.push(...inserted);
    const done = new Set(inserted.map((r) => r.name));
    todo = todo.filter((name) => !done.has(name));
  }
  return made;
}
