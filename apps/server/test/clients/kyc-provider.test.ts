import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, MESSAGES, urlOf } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { staffSession } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { FakeKycProvider } from '../support/fake-kyc.ts';
import { loadConfig } from '../../src/config.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe(`KYC documents through the provider's API (KYC_PROVIDER=sumsub, ${testDbKind})`, () => {
  const provider = new FakeKycProvider('app-token-1', 'secret-key-1');
  let t: TestApp;
  let token: string;
  let verified: string;
  let stranger: string;
  beforeAll(async () => {
    const url = await provider.start();
    t = await startTestApp({
      env: {
        KYC_PROVIDER: 'sumsub',
        KYC_URL: url,
        KYC_APP_TOKEN: 'app-token-1',
        KYC_SECRET_KEY: 'secret-key-1',
      },
    });
    token = (await staffSession(t, 'kyc@desk.test', 'ADMIN', 'Kira')).token;
    verified = await t.createUser({ email: 'verified@kyc.test', role: 'USER' });
    stranger = await t.createUser({ email: 'stranger@kyc.test', role: 'USER' });
    provider.applicants.set(verified, {
      id: '65aa00000000000000000001',
      createdAt: '2026-11-01 09:30:00',
      inspectionId: '65aa0000000000000000000f',
      reviewStatus: 'completed',
      reviewAnswer: 'GREEN',
      steps: {
        IDENTITY: { idDocType: 'PASSPORT', imageIds: [1045510331, 1045510332], reviewAnswer: 'GREEN' },
        PROOF_OF_RESIDENCE: { idDocType: 'UTILITY_BILL', imageIds: [], reviewAnswer: 'RED' },
      },
      images: { '1045510331': { type: 'image/png', body: PNG } },
    });
  });
  afterAll(async () => {
    await t.stop();
    await provider.stop();
  });

  const local = (url: string) => url.replace('http://console.test', '');
  const documents = (id: string) => t.call(calls.clients.listKycDocuments, { params: { id } }, t.auth(token));

  it("maps the provider's steps to the KYC Documents card, every request signed", async () => {
    const r = await documents(verified);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      inspectionId: '65aa0000000000000000000f',
      IDENTITY: {
        idDocType: 'PASSPORT',
        imageIds: ['1045510331', '1045510332'],
        uploaded: true,
        verified: true,
      },
      PROOF_OF_RESIDENCE: {
        idDocType: 'UTILITY_BILL',
        imageIds: [],
        uploaded: false,
        verified: false,
        viewUrl: '',
      },
    });
    // The link is the console's own, never the provider's (whose API needs our credentials).
    expect(r.body.IDENTITY!.viewUrl).toMatch(
      new RegExp(
        `^http://console\\.test/api/kyc/image/${verified}/1045510331\\?exp=\\d+&s=[0-9a-f]{64}&sig=`,
      ),
    );
    expect(provider.requests.map((q) => q.path)).toEqual(
      expect.arrayContaining([
        `/resources/applicants/-;externalUserId=${verified}/one`,
        '/resources/applicants/65aa00000000000000000001/requiredIdDocsStatus',
      ]),
    );

    const applicant = await t.call(
      calls.clients.getKycApplicant,
      { params: { id: verified } },
      t.auth(token),
    );
    expect(applicant.body).toEqual({
      applicantId: '65aa00000000000000000001',
      reviewStatus: 'completed',
      reviewAnswer: 'GREEN',
      createdAt: Date.UTC(2026, 10, 1, 9, 30) / 1000,
    });
  });

  it('passes the image and the report through signed links, and logs each open', async () => {
    const docs = (await documents(verified)).body;
    const image = await fetch(`${t.base}${local(docs.IDENTITY!.viewUrl)}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);

    const report = await fetch(`${t.base}${local(docs.IDENTITY!.reportUrl)}`);
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toBe('application/pdf');
    expect((await report.text()).startsWith('%PDF-')).toBe(true);

    const views = await t.call(
      calls.audit.listDocumentViews,
      { params: { userId: verified } },
      t.auth(token),
    );
    const opened = views.body.filter((v) => v.opened);
    expect(opened.map((v) => [v.kind, v.document, v.actorName])).toEqual(
      expect.arrayContaining([
        ['IDENTITY', 'PASSPORT', 'Kira Staff'],
        ['KYC_REPORT', 'eKYC report', 'Kira Staff'],
      ]),
    );
  });

  it("refuses a link that names another client's image, or an image the client does not have", async () => {
    const docs = (await documents(verified)).body;
    const path = new URL(docs.IDENTITY!.viewUrl).pathname;
    const query = new URL(docs.IDENTITY!.viewUrl).search;
    // Same signature on another client's path: the signature does not match.
    expect((await t.send('GET', `${path.replace(verified, stranger)}${query}`)).status).toBe(403);
    // An image id of the client that the provider does not list (1045510332 is listed, 999 is not).
    const signed = t.links.sign(
      urlOf(calls.clients.openKycImage, { params: { userId: verified, imageId: '999' } }),
      60,
      t.sessionOf(token),
    );
    expect((await t.send('GET', signed)).status).toBe(404);
  });

  it('answers an empty card for a client the provider does not know', async () => {
    const r = await documents(stranger);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ IDENTITY: null, PROOF_OF_RESIDENCE: null, inspectionId: '' });
    const a = await t.call(calls.clients.getKycApplicant, { params: { id: stranger } }, t.auth(token));
    expect(a.body).toMatchObject({ applicantId: '', reviewStatus: 'init' });
  });

  it('answers 503 with a plain message, never a 500, when the provider is down', async () => {
    provider.down = true;
    try {
      const r = await documents(verified);
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ errors: { server: MESSAGES.kycUnavailable } });
    } finally {
      provider.down = false;
    }
  });

  it('refuses to start as the provider client without its credentials', () => {
    expect(() => loadConfig({ KYC_PROVIDER: 'sumsub' })).toThrow(/KYC_APP_TOKEN and KYC_SECRET_KEY/);
    expect(() => loadConfig({ KYC_PROVIDER: 'other' })).toThrow(/KYC_PROVIDER/);
  });
});
