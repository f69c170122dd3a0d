import type { Db } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema.ts';
import { SessionService } from '../../apps/server/src/auth/sessions.ts';
import { systemClock } from '../../apps/server/src/lib/clock.ts';
import { newId } from '../../apps/server/src/lib/ids.ts';
import { SAVED_VIEW } from './cases.ts';

/** A SYSOP made for a measurement and a live session of theirs (no mail round trip). */
export async function staffToken(target: Db, key: Uint8Array): Promise<string> {
  const id = newId();
  await target.insert(schema.users).values({
    id,
    role: 'SYSOP',
    name: 'Bench',
    surname: 'Runner',
    email: `bench-${id}@bench.example`,
    status: 'approved',
    timestamp: systemClock.now(),
  });
  // The shared view the bench opens by its link (cases.ts); kept from an earlier run when there is one.
  const now = systemClock.now();
  await target
    .insert(schema.savedViews)
    .values({
      id: SAVED_VIEW,
      staffId: id,
      list: 'users.pending',
      name: 'Bench view',
      state: { sortOrder: 'desc', sizePerPage: 50, filters: { country: 'GB' }, hiddenColumns: ['crm'] },
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const sessions = new SessionService({
    db: target,
    secret: key,
    clock: systemClock,
    idleSeconds: 3600,
    maxSeconds: 12 * 3600,
  });
  return sessions.create(
    target,
    { id, name: 'Bench', role: 'SYSOP' },
    { deviceType: 'bench', browserName: 'autocannon', ip: '127.0.0.1' },
  );
}
