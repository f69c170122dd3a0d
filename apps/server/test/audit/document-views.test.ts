import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { calls, AUDIT_ACTIONS } from '@brokerdesk/contract';
import type { TestApp } from '../support/test-app.ts';
import { staffSession, startDesk } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { auditLog, kycDocuments } from '../../src/db/schema.ts';
import { newId } from '../../src/lib/ids.ts';
import { verifyAuditChain } from '../../src/audit/verify.ts';
import { PDF, bankAccount, uploadFile } from '../banks/fixtures.ts';

describe(`document views are logged and listed (${testDbKind})`, () => {
  let t: TestApp;
  let vera: string;
  let walt: string;
  let clientId: string;
  beforeAll(async () => {
    ({ t, token: vera } = await startDesk({ email: 'vera@docs.test', name: 'Vera' }));
    walt = (await staffSession(t, 'walt@docs.test', 'ADMIN', 'Walt')).token;
    clientId = await t.createUser({ email: 'client@docs.test', role: 'USER' });
    for (const [kind, idDocType] of [
      ['IDENTITY', 'PASSPORT'],
      ['PROOF_OF_RESIDENCE', 'UTILITY_BILL'],
    ] as const) {
      await t.db.insert(kycDocuments).values({
        id: newId(),
        userId: clientId,
        kind,
        idDocType,
        uploaded: true,
        inspectionId: 'insp-9',
        timestamp: t.clock.now(),
      });
    }
  });
  afterAll(() => t.stop());

  const local = (url: string) => url.replace('http://console.test', '');
  const views = async (token = vera) => {
    const r = await t.call(calls.audit.listDocumentViews, { params: { userId: clientId } }, t.auth(token));
    expect(r.status).toBe(200);
    return r.body;
  };

  it('lists opens only: handing out the KYC links is not a view; each open is credited to who was handed it', async () => {
    const docs = await t.call(calls.clients.listKycDocuments, { params: { id: clientId } }, t.auth(vera));
    expect(docs.status).toBe(200);
    const expiresAt = t.clock.now() + 600;
    // A profile asks for the links without anyone looking: nothing in the register...
    expect(await views()).toEqual([]);
    // ...while the audit trail keeps that the links were handed out.
    const issued = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, clientId), eq(auditLog.action, AUDIT_ACTIONS.documentLinkIssued)));
    expect(issued).toHaveLength(3);

    // Opened in a new tab: no session, yet the view is Vera's.
    expect(
      (await t.send('GET', local(docs.body.IDENTITY!.viewUrl), undefined, { accept: '*/*' })).status,
    ).toBe(200);
    expect((await t.send('GET', local(docs.body.IDENTITY!.reportUrl))).status).toBe(200);
    // A viewer's further ranges of the same file are the same look.
    for (const range of ['bytes=1024-2047', 'bytes=4096-']) {
      await t.send('GET', local(docs.body.IDENTITY!.viewUrl), undefined, { accept: '*/*', range });
    }
    expect(await views()).toHaveLength(2);
    const [report, identity] = await views();
    expect(identity).toMatchObject({
      kind: 'IDENTITY',
      document: 'PASSPORT',
      opened: true,
      actorName: 'Vera Staff',
      expiresAt,
      ip: '127.0.0.1',
    });
    expect(report).toMatchObject({ kind: 'KYC_REPORT', opened: true, actorName: 'Vera Staff', expiresAt });
  });

  it('logs asking for a bank statement link and opening it', async () => {
    const uploaded = await uploadFile(t, walt, clientId, PDF, 'statement.pdf');
    expect(uploaded.status).toBe(200);
    const file = uploaded.body.file as string;
    // A link is its path and expiry: one asked for in another second is another link.
    t.clock.advance(5);
    const bankId = await bankAccount(t, clientId, { bankPoa: file });
    const details = await t.call(calls.banks.getBankAccount, { params: { id: bankId } }, t.auth(vera));
    expect(details.status).toBe(200);
    const before = (await views()).length;
    expect((await fetch(`${t.base}${details.body.bankAccount.bankPOAUrl}`)).status).toBe(200);
    expect(await views()).toHaveLength(before + 1);
    expect((await views())[0]).toMatchObject({
      kind: 'BANK_STATEMENT',
      document: file,
      opened: true,
      actorName: 'Vera Staff',
    });
    // The uploader's own link (from POST /upload) is credited to the uploader.
    expect((await fetch(`${t.base}${uploaded.body.url as string}`)).status).toBe(200);
    expect((await views())[0]).toMatchObject({
      kind: 'BANK_STATEMENT',
      opened: true,
      actorName: 'Walt Staff',
    });
  });

  it('logs nothing for a refused link; the list needs a session and a known client', async () => {
    const before = await views();
    const docs = await t.call(calls.clients.listKycDocuments, { params: { id: clientId } }, t.auth(walt));
    const count = (await views()).length;
    expect(count).toBe(before.length);
    expect((await t.send('GET', `${local(docs.body.IDENTITY!.viewUrl)}x`)).status).toBe(403);
    t.clock.advance(601);
    expect((await t.send('GET', local(docs.body.PROOF_OF_RESIDENCE!.viewUrl))).status).toBe(403);
    expect(await views(walt)).toHaveLength(count);
    expect((await t.raw(calls.audit.listDocumentViews, { params: { userId: clientId } })).status).toBe(401);
    const unknown = await t.call(
      calls.audit.listDocumentViews,
      { params: { userId: newId() } },
      t.auth(walt),
    );
    expect(unknown.status).toBe(404);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it("stamps views with the app's clock, not the machine's", async () => {
    // Three days ahead of the machine: a view stamped with Date.now would show the real time.
    t.clock.advance(3 * 86_400);
    vera = await t.signIn('vera@docs.test', 'Correct-Horse-1');
    const docs = await t.call(calls.clients.listKycDocuments, { params: { id: clientId } }, t.auth(vera));
    expect(docs.status).toBe(200);
    const asked = t.clock.now();
    t.clock.advance(42);
    const opened = await t.send('GET', local(docs.body.PROOF_OF_RESIDENCE!.viewUrl), undefined, {
      accept: '*/*',
    });
    expect(opened.status).toBe(200);
    expect((await views())[0]).toMatchObject({
      kind: 'PROOF_OF_RESIDENCE',
      opened: true,
      at: asked + 42,
      expiresAt: asked + 600,
      actorName: 'Vera Staff',
    });
  });
});
