import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { kycPendingClient } from '../support/desk.ts';
import { testDbKind } from '../support/db.ts';
import { PDF, PNG, uploadFile } from '../banks/fixtures.ts';

const PASSWORD = 'Correct-Horse-1';

/**
 * A fault found once: export and file links kept working after their issuer logged out. Every signed link
 * (file, export, KYC document and report) is bound to the session that asked for it and dies with it.
 */
describe(`signed links die with the session that made them (${testDbKind})`, () => {
  let t: TestApp;
  let clientId: string;

  beforeAll(async () => {
    t = await startTestApp();
    await t.createUser({ email: 'links@desk.test', password: PASSWORD });
    clientId = await kycPendingClient(t, 'links@client.test');
  });
  afterAll(() => t.stop());

  const open = async (url: string) => {
    const res = await fetch(t.base + url.replace('http://console.test', ''));
    await res.arrayBuffer();
    return res.status;
  };
  const logout = (token: string) => t.call(calls.auth.logout, {}, t.auth(token));

  /** One link of each kind, asked for with `token`. */
  async function linksOf(token: string): Promise<Record<string, string>> {
    const upload = await uploadFile(t, token, clientId, PDF, 'statement.pdf');
    const image = await uploadFile(t, token, clientId, PNG, 'photo.png');
    const exp = await t.call(
      calls.exports.createExport,
      {
        body: {
          list: 'users',
          params: { status: 'all' },
          request: { page: 1, sizePerPage: 50, filters: {} },
        },
      },
      t.auth(token),
    );
    const kyc = await t.call(calls.clients.listKycDocuments, { params: { id: clientId } }, t.auth(token));
    return {
      pdf: upload.body.url as string,
      png: image.body.url as string,
      export: exp.body.url,
      kycImage: kyc.body.IDENTITY!.viewUrl,
      kycReport: kyc.body.IDENTITY!.reportUrl,
    };
  }

  it('opens each link while its session lives, and none once it has logged out', async () => {
    const token = await t.signIn('links@desk.test', PASSWORD);
    const other = await t.signIn('links@desk.test', PASSWORD);
    const links = await linksOf(token);
    for (const [kind, url] of Object.entries(links)) expect(await open(url), kind).toBe(200);
    expect((await logout(token)).status).toBe(200);
    // Another session of the same staff member is still live: it does not keep these links alive.
    expect((await t.call(calls.auth.getMe, {}, t.auth(other))).status).toBe(200);
    for (const [kind, url] of Object.entries(links)) expect(await open(url), kind).toBe(403);
  });

  it('refuses a link moved to another live session, or with its session removed', async () => {
    const token = await t.signIn('links@desk.test', PASSWORD);
    const other = await t.signIn('links@desk.test', PASSWORD);
    const links = await linksOf(token);
    for (const [kind, url] of Object.entries(links)) {
      const moved = url.replace(/([?&]s=)[0-9a-f]{64}/, `$1${t.sessionOf(other)}`);
      expect(moved, kind).not.toBe(url);
      expect(await open(moved), kind).toBe(403);
      expect(await open(url.replace(/&s=[0-9a-f]{64}/, '')), kind).toBe(403);
    }
  });

  it('serves an uploaded PDF as an attachment and an image inline', async () => {
    const token = await t.signIn('links@desk.test', PASSWORD);
    const links = await linksOf(token);
    // Bodies are read to the end: a response left streaming would keep the server from closing.
    const pdf = await fetch(t.base + links.pdf);
    await pdf.arrayBuffer();
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.pdf"$/);
    const png = await fetch(t.base + links.png);
    await png.arrayBuffer();
    expect(png.headers.get('content-disposition')).toMatch(/^inline; /);
  });
});
