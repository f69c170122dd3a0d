import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@brokerdesk/contract';
import { openTestDatabase, testDbKind } from '../../test/support/db.ts';
import type { Database } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';
import { verifyPassword } from './passwords.ts';
import { createStaff, staffInputProblem } from './staff.ts';

const NOW = 1_790_000_000;
const good = {
  email: 'Dana.Desk@Example.com',
  name: 'Dana',
  surname: 'Desk',
  role: 'SYSOP',
  password: 'Str0ng-enough',
};

describe(`createStaff (${testDbKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const userCount = async () => {
    const [r] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return r!.n;
  };

  it('stores an approved, verified staff member whose password verifies, and audits it', async () => {
    const { id } = await createStaff(database.db, good, NOW);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    const [u] = await database.db.select().from(users).where(eq(users.id, id));
    expect(u).toMatchObject({
      email: 'dana.desk@example.com',
      name: 'Dana',
      surname: 'Desk',
      role: 'SYSOP',
      status: 'approved',
      emailVerified: true,
      timestamp: NOW,
    });
    expect(u!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(u!.passwordHash, good.password)).toBe(true);
    expect(await verifyPassword(u!.passwordHash, 'Str0ng-enougH')).toBe(false);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit).toMatchObject({ action: 'staff.create', entity: 'user', at: NOW });
    expect(JSON.stringify(audit!.after)).not.toContain(good.password);
  });

  it('refuses an email already taken in another case', async () => {
    const before = await userCount();
    await expect(createStaff(database.db, { ...good, email: 'DANA.DESK@example.COM' }, NOW)).rejects.toThrow(
      'A user with the email dana.desk@example.com already exists.',
    );
    expect(await userCount()).toBe(before);
  });

  it('gives the same message when two creations race for one email (the unique index decides)', async () => {
    const results = await Promise.allSettled([
      createStaff(database.db, { ...good, email: 'race@example.com' }, NOW),
      createStaff(database.db, { ...good, email: 'RACE@example.com' }, NOW),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failure = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((failure.reason as Error).message).toBe('A user with the email race@example.com already exists.');
  });

  it.each([
    [{ email: 'not-an-email' }, 'Invalid email address: "not-an-email".'],
    [{ email: 'two@@example.com' }, 'Invalid email address: "two@@example.com".'],
    // One policy with reset links (auth/password-policy.ts): length and the common-password list.
    [{ password: 'Short1a' }, MESSAGES.staffPasswordTooShort],
    [{ password: 'qwertyuiop' }, MESSAGES.passwordTooCommon],
    [{ password: 'Password12' }, MESSAGES.passwordTooCommon],
    [{ role: 'ROOT' }, 'Invalid role "ROOT": use one of USER, PARTNER, MODERATOR, ADMIN, SYSOP.'],
    [{ role: 'sysop' }, 'Invalid role "sysop": use one of USER, PARTNER, MODERATOR, ADMIN, SYSOP.'],
    [{ name: '   ' }, 'The name is required.'],
  ])('refuses %o with a clear message and stores nothing', async (change, message) => {
    const input = { ...good, email: 'fresh@example.com', ...change };
    expect(staffInputProblem(input)).toBe(message);
    const before = await userCount();
    await expect(createStaff(database.db, input, NOW)).rejects.toThrow(message);
    expect(await userCount()).toBe(before);
  });

  it('accepts any role of the contract', async () => {
    const { id } = await createStaff(
      database.db,
      { ...good, email: 'mod@example.com', role: 'MODERATOR', surname: undefined },
      NOW,
    );
    const [u] = await database.db
      .select({ role: users.role, surname: users.surname })
      .from(users)
      .where(eq(users.id, id));
    expect(u).toEqual({ role: 'MODERATOR', surname: '' });
  });
});
