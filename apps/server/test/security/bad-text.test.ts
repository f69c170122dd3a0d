import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls, type CallBody, type CallDef, MESSAGES } from '@brokerdesk/contract';
import type { TestApp, BodyOnlyCall, RawInput } from '../support/test-app.ts';
import { startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, clientLogs, users } from '../../src/db/schema.ts';

/**
 * Text that is not well-formed Unicode (a lone surrogate) or holds NUL is refused for every route at
 * the input layer (http/refuse-bad-text.ts): 400 naming the field, nothing stored, nothing audited.
 * JSON carries a lone surrogate as the escape \ud800, which the server's JSON.parse turns back into one.
 */
describe(`text with lone surrogates or NUL is refused at the input layer (${testDbKind})`, () => {
  let t: TestApp;
  let token: string;
  let clientId: string;
  beforeAll(async () => {
    ({ t, token } = await startDesk('text@bad.test'));
    clientId = await t.createUser({
      email: 'client@bad.test',
      role: 'USER',
      status: 'pending',
      name: 'Clara',
    });
  });
  afterAll(() => t.stop());

  const post = <D extends BodyOnlyCall>(def: D, body: CallBody<D>) => t.post(def, body, t.auth(token));
  /** Text the contract's types would refuse (bad keys, values of the wrong kind), sent as it is. */
  const sendLoose = (def: CallDef, input: RawInput) => t.raw(def, input, t.auth(token));
  const auditRows = async () => (await t.db.select({ id: auditLog.id }).from(auditLog)).length;
  const refused = (field: string) => ({ errors: { [field]: MESSAGES.badText } });

  it('answers 400 for a lone surrogate in a text field, and stores and audits nothing', async () => {
    const before = await auditRows();
    for (const name of ['\ud800', 'a\udc00b', 'x\ud83d']) {
      const r = await post(calls.clients.editUser, {
        _id: clientId,
        role: 'USER',
        status: 'pending',
        name,
      });
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.body).toMatchObject(refused('name'));
    }
    const event = await post(calls.clients.addLog, { userId: clientId, event: 'called \ud800' });
    expect(event.body).toMatchObject(refused('event'));
    const [client] = await t.db.select().from(users).where(eq(users.id, clientId));
    expect(client?.name).toBe('Clara');
    expect(await t.db.select().from(clientLogs).where(eq(clientLogs.userId, clientId))).toEqual([]);
    expect(await auditRows()).toBe(before);
  });

  it('refuses it on public routes before any limit or look-up, and in nested values and keys', async () => {
    const before = await auditRows();
    const login = await t.call(calls.auth.loginAdmin, {
      body: {
        email: 'text@bad.test',
        password: '\ud800',
      },
    });
    expect(login.status).toBe(400);
    expect(login.body).toMatchObject(refused('password'));
    expect(await auditRows()).toBe(before);

    const nested = await sendLoose(calls.clients.pageUsers, {
      params: { status: 'all' },
      body: { page: 1, sizePerPage: 10, filters: { name: { filterType: 'TEXT', filterVal: ['\udfff'] } } },
    });
    expect(nested.status).toBe(400);
    expect(nested.body).toMatchObject(refused('filters'));
    const key = await sendLoose(calls.clients.addLog, { body: { userId: clientId, ['ev\ud800ent']: 'x' } });
    expect(key.status).toBe(400);
    expect(key.body).toMatchObject(refused('body'));
  });

  it('refuses NUL in a body, a query value and a path parameter', async () => {
    const body = await post(calls.clients.addLog, { userId: clientId, event: 'a\u0000b' });
    expect(body.body).toMatchObject(refused('event'));
    const query = await sendLoose(calls.partners.listIbRequests, { query: { status: 'a\u0000b' } });
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject(refused('status'));
    const param = await t.call(calls.clients.getProfile, { params: { id: 'a\u0000b' } }, t.auth(token));
    expect(param.status).toBe(400);
    expect(param.body).toMatchObject(refused('id'));
  });

  it('accepts well-formed text outside the BMP (surrogate pairs) as it is', async () => {
    const r = await post(calls.clients.addLog, { userId: clientId, event: 'paid 💸 in 𝔘𝔫𝔦𝔠𝔬𝔡𝔢' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [log] = await t.db.select().from(clientLogs).where(eq(clientLogs.userId, clientId));
    expect(log?.event).toBe('paid 💸 in 𝔘𝔫𝔦𝔠𝔬𝔡𝔢');
  });
});
