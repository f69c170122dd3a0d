import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { users } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { client, ibRequest } from './fixtures.ts';

/** One IB request by id: what a deep link to a request off the list's page loads. */
describe(`one IB request by id (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let ann: string;
  let requestId: string;

  beforeAll(async () => {
    ({ t, token } = await startDesk('desk@ib-one.test'));
    ann = await client(t, { name: 'Ann', agentCode: 4242 });
    requestId = await ibRequest(t, ann, 'error');
  });
  afterAll(() => t.stop());

  const get = (id: string, headers: Record<string, string> = t.auth(token)) =>
    t.unchecked(calls.partners.getIbRequest, { params: { id } }, headers);

  it('returns the request as the list shows it, with its client and agent code', async () => {
    const reply = await get(requestId);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.requestData).toMatchObject({
      _id: requestId,
      userId: ann,
      status: 'error',
      answer1: 'Yes, about 300.',
      errorMessage: 'Agent code could not be created on the trading platform.',
    });
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, ann));
    expect(reply.body.usersData).toEqual({
      [ann]: { name: 'Ann', surname: 'Staff', email: row!.email, agentCode: 4242 },
    });
  });

  it('is a clear 404 for an unknown id, or the id of a client rather than a request', async () => {
    for (const id of [newId(), ann]) {
      const reply = await get(id);
      expect(reply.status, id).toBe(404);
      expect(reply.body.errors).toEqual({ server: 'No such IB request.' });
    }
  });

  it('is 400 for a malformed id', async () => {
    for (const id of ['not-an-id', `${requestId}0`]) {
      const reply = await get(id);
      expect(reply.status, id).toBe(400);
      expect(reply.body.errors).toBeDefined();
    }
  });

  it('is 401 without a token', async () => {
    expect((await get(requestId, {})).status).toBe(401);
  });
});
