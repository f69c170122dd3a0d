import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import { startTestApp, STAFF_PASSWORD, type TestApp } from '../support/test-app.ts';
import { kycPendingClient } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';

describe(`KYC documents through the stand-in provider (${testDbKind})`, () => {
  let t: TestApp, token: string, clientId: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser({ email: 'kyc@desk.test', password: STAFF_PASSWORD });
    clientId = await kycPendingClient(t, 'applicant@kyc.test');
    token = await t.signIn('kyc@desk.test', STAFF_PASSWORD);
  });
  afterAll(() => t.stop());

  const local = (url: string) => url.replace('http://console.test', '');

  it('lists identity and address documents with their flags and view links', async () => {
    const r = await t.call(calls.clients.listKycDocuments, { params: { id: clientId } }, t.auth(token));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      IDENTITY: { idDocType: 'PASSPORT', imageIds: ['123456789'], uploaded: true, verified: false },
      PROOF_OF_RESIDENCE: null,
      inspectionId: 'insp-1',
    });
    const applicant = await t.call(
      calls.clients.getKycApplicant,
      { params: { id: clientId } },
      t.auth(token),
    );
    expect(applicant.body).toMatchObject({ applicantId: 'insp-1', reviewStatus: 'pending' });
  });

  it('serves a document only through an unexpired, untampered signed link', async () => {
    const r = await t.call(calls.clients.listKycDocuments, { params: { id: clientId } }, t.auth(token));
    const view = local(r.body.IDENTITY!.viewUrl);
    const ok = await t.send('GET', view, undefined, { accept: '*/*' });
    expect(ok.status).toBe(200);
    // A generated sample scan: a real PNG picture, not a page naming the document type.
    expect(ok.headers.get('content-type')).toBe('image/png');
    expect((await t.send('GET', `${view}x`)).status).toBe(403);
    const report = await fetch(`${t.base}${local(r.body.IDENTITY!.reportUrl)}`);
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await report.arrayBuffer()).toString('latin1');
    // A readable report: the outcome in words, and no raw applicant id.
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain('(In review)');
    expect(pdf).toContain('(applicant@kyc.test)');
    expect(pdf).not.toContain('insp-1');
    t.clock.advance(601);
    expect((await t.send('GET', view)).status).toBe(403);
  });

  it('answers 404 for an unknown client', async () => {
    const r = await t.call(
      calls.clients.listKycDocuments,
      { params: { id: '0123456789abcdef01234567' } },
      t.auth(token),
    );
    expect(r.status).toBe(404);
  });
});
