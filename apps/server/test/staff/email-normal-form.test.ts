import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, normaliseIdentifier, STAFF_MESSAGES } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { users } from '../../src/db/schema.ts';
import { createStaff } from '../../src/auth/staff.ts';

/**
 * Spellings of one email that only the full normal form makes equal: Unicode spaces trim() removes,
 * capitals, and the Kelvin sign (U+212A), which NFC turns into K.
 */
const spell = (local: string) => [
  `\u00a0 ${local.toUpperCase()}@Example.COM\t`,
  `\ufeff\u212a${local.slice(1)}@example.com\u2003`,
];
/** "zoë" with a combining diaeresis (NFD, as some keyboards and copied text give it). */
const DECOMPOSED = ' Zoe\u0308.Desk@example.com ';

/**
 * Staff emails are stored in the one normal form sign-in looks them up by:
 * the invitation's schema and the staff CLI (createStaff) both go through normaliseIdentifier, the
 * function sign-in, reset and every limit use. Today the email rule admits ASCII only, and no
 * ASCII-valid spelling comes out differently of trim + lower case and of the full form; these tests
 * hold the three paths to the one function, so that widening the email rule cannot split them.
 */
describe(`staff invite and the staff CLI store emails in sign-in's normal form (${testDbKind})`, () => {
  let t: TestApp;
  let sysop: string;
  beforeAll(async () => {
    ({ t, token: sysop } = await startDesk({ email: 'root@normal.test', role: 'SYSOP' }));
  });
  afterAll(() => t.stop());

  const stored = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.email;
  const invite = (email: string, surname = 'Desk') =>
    t.unchecked(
      calls.staff.inviteStaff,
      { body: { name: 'Kim', surname, email, role: 'ADMIN' } },
      t.auth(sysop),
    );

  it('the one function trims, composes (NFC) and lower-cases', () => {
    expect(normaliseIdentifier(DECOMPOSED)).toBe('zo\u00eb.desk@example.com');
    for (const s of spell('kim.invite')) expect(normaliseIdentifier(s)).toBe('kim.invite@example.com');
  });

  it('an invited member is stored in the normal form, found by a reset asked for in any spelling, and no second spelling is invited', async () => {
    const [first, second] = spell('kim.invite');
    const r = await invite(first!);
    expect(r.status).toBe(200);
    expect(r.body.staff.email).toBe('kim.invite@example.com');
    expect(await stored(r.body.staff._id)).toBe('kim.invite@example.com');
    const before = t.smtp.count();
    expect((await t.call(calls.auth.resetPassword, { body: { email: second! } })).status).toBe(200);
    expect((await t.smtp.next('kim.invite@example.com', before)).text).toMatch(/\/resetpassword\//);
    const again = await invite(second!, 'Again');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ errors: { email: STAFF_MESSAGES.emailTaken } });
    // A decomposed spelling is composed before the email rule judges it (which refuses non-ASCII).
    expect((await invite(DECOMPOSED)).body.errors).toEqual({ email: 'Invalid email address.' });
  });

  it('a member created by the staff CLI is stored in the normal form and signs in with any spelling', async () => {
    const [first, second] = spell('kit.cli');
    const input = { name: 'Kit', surname: 'Cli', role: 'ADMIN', password: 'Str0ng-enough-cli' };
    const { id } = await createStaff(t.db, { ...input, email: first! }, t.clock.now());
    expect(await stored(id)).toBe('kit.cli@example.com');
    const token = await t.signIn(second!.trim(), input.password);
    const me = await t.call(calls.auth.getMe, {}, t.auth(token));
    expect(me.body).toMatchObject({ _id: id, email: 'kit.cli@example.com' });
    await expect(createStaff(t.db, { ...input, email: second! }, t.clock.now())).rejects.toThrow(
      'A user with the email kit.cli@example.com already exists.',
    );
    await expect(createStaff(t.db, { ...input, email: DECOMPOSED }, t.clock.now())).rejects.toThrow(
      'Invalid email address',
    );
  });
});
