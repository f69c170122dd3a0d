import { eq } from 'drizzle-orm';
import type { TestApp } from '../support/test-app.ts';
import { clientLogs, ibQuota, ibRequests, users } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';

/** Test data the client portal would make: clients, their IB requests, and the quota an operator sets. */

let n = 0;
export async function client(t: TestApp, over: { name?: string; agentCode?: number | null } = {}) {
  n++;
  const id = await t.createUser({
    email: `ib${n}.${Date.now()}@clients.test`,
    role: 'USER',
    name: over.name,
  });
  if (over.agentCode !== undefined)
    await t.db.update(users).set({ agentCode: over.agentCode }).where(eq(users.id, id));
  return id;
}

export async function ibRequest(t: TestApp, userId: string, status = 'pending', timestamp = t.clock.now()) {
  const id = newId(timestamp);
  await t.db.insert(ibRequests).values({
    id,
    userId,
    question1: 'Do you already have clients interested in trading?',
    answer1: 'Yes, about 300.',
    status,
    errorMessage: status === 'error' ? 'Agent code could not be created on the trading platform.' : '',
    timestamp,
  });
  return id;
}

export async function setQuota(t: TestApp, ib: number, sub: number) {
  const q = { availableIbCodes: ib, totalIbCodes: ib + 10, availableSubcodes: sub, totalSubcodes: sub + 100 };
  await t.db
    .insert(ibQuota)
    .values({ id: 1, ...q })
    .onConflictDoUpdate({ target: ibQuota.id, set: q });
}

export async function quota(t: TestApp) {
  const [q] = await t.db.select().from(ibQuota).where(eq(ibQuota.id, 1));
  return q!;
}

export async function logsOf(t: TestApp, userId: string) {
  const rows = await t.db.select().from(clientLogs).where(eq(clientLogs.userId, userId));
  return rows.map((r) => r.event);
}
