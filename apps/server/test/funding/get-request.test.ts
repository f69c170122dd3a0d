import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { deposits, transfers } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { transferRow } from './support.ts';

type Reply = {
  data: {
    request: Record<string, unknown>;
    clients: Record<string, { name: string; surname: string; email: string }>;
    approvals: Record<string, unknown>;
  };
};

describe(`one funding request by id (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let ann: string;
  const depositId = newId();
  const transferId = newId();
  beforeAll(async () => {
    ({ t, token } = await startDesk('pay@desk.test'));
    ann = await t.createUser({ email: 'ann@get-request.test', role: 'USER', name: 'Ann' });
    const now = t.clock.now();
    await t.db.insert(deposits).values({
      id: depositId,
      userId: ann,
      timestamp: now,
      depositCurrency: 'USD',
      depositAmountSent: 125,
      accountNumber: 500100,
      status: 'pending',
      paymentGatewayService: 'Skrill',
      transactionId: 'tx-125',
    });
    await t.db
      .insert(transfers)
      .values(transferRow(ann, now, { id: transferId, sourceMtStatus: 'SUCCESS', destinationMtStatus: '' }));
  });
  afterAll(() => t.stop());

  /** `<type>/<id>`: the request's kind and id. */
  const get = (path: string, headers: Record<string, string> = t.auth(token)) => {
    const [type, id] = path.split('/') as [string, string];
    return t.raw<Reply>(calls.funding.getFundingRequest, { params: { type, id } }, headers);
  };

  it('returns the row as the list shows it, with its client', async () => {
    const reply = await get(`deposit/${depositId}`);
    expect(reply.status).toBe(200);
    expect(reply.body.data.request).toMatchObject({
      _id: depositId,
      userId: ann,
      depositAmountSent: 125,
      status: 'pending',
      MTStatus: '',
    });
    expect(reply.body.data.clients[ann]).toEqual({
      name: 'Ann',
      surname: 'Staff',
      email: 'ann@get-request.test',
    });
    expect(reply.body.data.approvals).toEqual({});

    const transfer = await get(`transfer/${transferId}`);
    expect(transfer.status).toBe(200);
    expect(transfer.body.data.request).toMatchObject({
      _id: transferId,
      sourceMTStatus: 'SUCCESS',
      transferAmount: 42,
    });
  });

  it('is 404 for an unknown id, or an id of another kind', async () => {
    expect((await get(`deposit/${newId()}`)).status).toBe(404);
    expect((await get(`withdrawal/${depositId}`)).status).toBe(404);
  });

  it('is 400 for a bad type or a malformed id', async () => {
    expect((await get(`loan/${depositId}`)).status).toBe(400);
    expect((await get('deposit/not-an-id')).status).toBe(400);
  });

  it('is 401 without a token', async () => {
    expect((await get(`deposit/${depositId}`, {})).status).toBe(401);
  });
});
