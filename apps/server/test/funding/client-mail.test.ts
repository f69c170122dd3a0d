import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallBody } from '@brokerdesk/contract';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp, type BodyOnlyCall } from '../support/test-app.ts';
import { openTestDatabase, testDbKind } from '../support/db.ts';
import { platformOperations } from '../../src/db/schema.ts';
import { clientMailer } from '../../src/features/funding/client-mail.ts';
import { smtpMailer } from '../../src/mail/mailer.ts';
import { fundingDesk, type fundingFixtures } from './support.ts';

/**
 * The client's notice goes out after the decision committed: whatever fails there (the client's
 * look-up, the mail server) is logged, and the staff member still gets the decision's answer.
 */
describe(`client notices after a decision (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let clientId: string;
  let f: ReturnType<typeof fundingFixtures>;
  const tried: string[] = [];
  beforeAll(async () => {
    t = await startTestApp({
      // As the look-up failing after the commit did (the database connection lost, say).
      mailClient: async (n) => {
        tried.push(n.userId);
        throw new Error('could not read the client');
      },
    });
    ({ clientId, f, token } = await fundingDesk(t, 'mail'));
  });
  afterAll(() => t.stop());

  const post = <D extends BodyOnlyCall>(def: D, body: CallBody<D>) => t.post(def, body, t.auth(token));

  it('answers 200 for an approval whose notice failed, and the approval and its credit are committed', async () => {
    const login = await f.account();
    const id = await f.deposit(login, 25);
    const r = await post(calls.funding.processDeposit, { depositId: id });
    expect(r.status).toBe(200);
    expect(r.body.request).toMatchObject({ status: 'approved' });
    expect(tried).toContain(clientId);
    expect(await f.depositRow(id)).toMatchObject({ status: 'approved' });
    const ops = await t.db
      .select()
      .from(platformOperations)
      .where(eq(platformOperations.idempotencyKey, `dep:${id}`));
    expect(ops).toHaveLength(1);
    await f.settle();
    expect(await f.balanceOf(login)).toBe(25);
  });

  it('answers 200 for a rejected withdrawal whose notice failed', async () => {
    const login = await f.account(50);
    const id = await f.withdrawal(login, 20);
    const r = await post(calls.funding.updateWithdrawal, {
      withdrawal: { _id: id, status: 'rejected', comment: 'Wrong account' },
    });
    expect(r.status).toBe(200);
    expect(await f.withdrawalRow(id)).toMatchObject({ status: 'rejected' });
  });

  it("the server's notice never rejects, even when the client's look-up fails", async () => {
    const database = await openTestDatabase();
    const warnings: string[] = [];
    const notice = clientMailer(database.db, smtpMailer('smtp://127.0.0.1:9', 'x@y.test'), {
      warn: (_o, m) => warnings.push(m),
    });
    await database.close();
    await expect(
      notice({
        userId: clientId,
        kind: 'deposit',
        status: 'approved',
        amount: 1,
        currency: 'USD',
        account: 1,
        comment: '',
      }),
    ).resolves.toBeUndefined();
    expect(warnings).toEqual(['deposit notice mail could not be sent']);
  });
});
