import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { calls } from '@brokerdesk/contract';
import { apiOf } from './support/api.ts';
import { blocking, describeViolations, runAxe } from './support/axe.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

/** A client of the demo data with an uploaded identity document and a bank statement of type `ext`. */
async function clientWithDocuments(page: Page, ext: 'pdf' | 'png', skip: string[] = []) {
  const api = await apiOf(page);
  const banks = await api.call(calls.banks.listBankAccounts);
  const candidates = [...banks.bankAccounts.pending, ...banks.bankAccounts.approved].filter(
    (b) => b.bankPOA.endsWith(`.${ext}`) && !skip.includes(b.userId),
  );
  for (const bank of candidates) {
    const docs = await api.call(calls.clients.listKycDocuments, { params: { id: bank.userId } });
    if (docs.IDENTITY?.uploaded) return { userId: bank.userId, bank };
  }
  throw new Error(`no demo client with a KYC document and a .${ext} statement`);
}

/** Whether a canvas holds anything but one flat colour: pdf.js really drew the page. */
const drawn = (page: Page, name: RegExp) =>
  page
    .getByRole('img', { name })
    .first()
    .evaluate((el) => {
      const c = el as HTMLCanvasElement;
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      const colours = new Set<number>();
      for (let i = 0; i < data.length && colours.size < 3; i += 4 * 97)
        colours.add(data[i]! * 65536 + data[i + 1]! * 256 + data[i + 2]!);
      return c.width > 100 && colours.size > 1;
    });

async function axeClean(page: Page, where: string) {
  const violations = blocking(await runAxe(page));
  expect(violations, describeViolations(where, violations)).toEqual([]);
}

for (const size of SIZES) {
  const tag = `${size.width}x${size.height}`;
  test.describe(`documents in the console at ${tag} (${db})`, () => {
    test.use({ viewport: size });

    test('a KYC picture zooms and turns, a PDF statement and the eKYC report render, each opening logged', async ({
      page,
      signIn,
    }) => {
      await signIn(page);
      const { userId } = await clientWithDocuments(page, 'pdf');
      await page.goto(`/user/profile/${userId}`);
      const kyc = page.getByRole('table', { name: 'KYC Documents' });
      await expect(kyc).toBeVisible();
      // The review is said in words; no raw inspection id anywhere on the page.
      await expect(page.getByText(/^eKYC review: /)).toBeVisible();

      // The identity document: a picture, zoomed and turned.
      await kyc
        .getByRole('row', { name: /Proof of Identity/ })
        .getByRole('button', { name: 'VIEW' })
        .click();
      const viewer = page.getByRole('dialog', { name: /^Proof of Identity: / });
      const picture = viewer.getByRole('img', { name: /^Proof of Identity: / });
      await expect(picture).toBeVisible();
      await expect(viewer.getByLabel('Zoom level')).toHaveText('100%');
      const fitted = (await picture.boundingBox())!;
      expect(fitted.width).toBeGreaterThan(fitted.height);
      await viewer.getByRole('button', { name: 'Zoom in' }).click();
      await expect(viewer.getByLabel('Zoom level')).toHaveText('125%');
      await expect(picture).toHaveAttribute('data-zoom', '1.25');
      const zoomed = (await picture.boundingBox())!;
      expect(zoomed.width).toBeCloseTo(fitted.width * 1.25, 0);
      await viewer.getByRole('button', { name: 'Rotate right' }).click();
      await expect(picture).toHaveAttribute('data-rotation', '90');
      // On its side, the card is taller than wide.
      await expect
        .poll(async () => (await picture.boundingBox())!.height > (await picture.boundingBox())!.width)
        .toBe(true);
      await page.screenshot({ path: `test-results/documents-kyc-picture-${tag}.png` });
      await axeClean(page, 'KYC picture viewer');
      await viewer.getByRole('button', { name: 'Rotate left' }).click();
      await viewer.getByRole('button', { name: 'Fit to window' }).click();
      await expect(picture).toHaveAttribute('data-rotation', '0');
      await expect(viewer.getByLabel('Zoom level')).toHaveText('100%');
      await page.keyboard.press('Escape');
      await expect(viewer).toBeHidden();

      // A bank statement: a PDF drawn by pdf.js inside the console.
      const statements = page.getByRole('table', { name: 'Bank statements' });
      await statements.getByRole('button', { name: 'View PDF' }).first().click();
      const statement = page.getByRole('dialog', { name: /^Bank statement: / });
      await expect(statement.locator('canvas[data-rendered="true"]')).toBeVisible();
      expect(await drawn(page, /^Bank statement: .*page 1 of 1$/)).toBe(true);
      await page.screenshot({ path: `test-results/documents-statement-pdf-${tag}.png` });
      await axeClean(page, 'bank statement viewer');
      await page.keyboard.press('Escape');
      await expect(statement).toBeHidden();

      // The eKYC report: a readable PDF page.
      await kyc
        .getByRole('row', { name: /Proof of Identity/ })
        .getByRole('button', { name: 'eKYC Report' })
        .click();
      const report = page.getByRole('dialog', { name: 'eKYC report' });
      await expect(report.locator('canvas[data-rendered="true"]')).toBeVisible();
      expect(await drawn(page, /^eKYC report, page 1 of 1$/)).toBe(true);
      await page.screenshot({ path: `test-results/documents-ekyc-report-${tag}.png` });
      await page.keyboard.press('Escape');

      // Each opening was logged against the client.
      const views = await (await apiOf(page)).call(calls.audit.listDocumentViews, { params: { userId } });
      for (const kind of ['IDENTITY', 'BANK_STATEMENT', 'KYC_REPORT'])
        expect(
          views.some((v) => v.kind === kind && v.opened),
          kind,
        ).toBe(true);
      // No raw ids for people to read on the profile.
      expect(await page.locator('main').innerText()).not.toMatch(/\b[0-9a-f]{24}\b/);
    });

    test('a statement sent as a photo opens in the viewer from the Bank modal', async ({ page, signIn }) => {
      await signIn(page);
      const { bank } = await clientWithDocuments(page, 'png');
      await page.goto(`/bank-verification-requests/${bank.status}?open=${bank._id}`);
      const modal = page.getByRole('dialog', { name: 'Bank details' });
      await modal.getByRole('button', { name: 'View statement' }).click();
      const viewer = page.getByRole('dialog', { name: 'Bank statement' });
      const picture = viewer.getByRole('img', { name: 'Bank statement' });
      await expect(picture).toBeVisible();
      await viewer.getByRole('button', { name: 'Rotate left' }).click();
      await expect(picture).toHaveAttribute('data-rotation', '270');
      await page.screenshot({ path: `test-results/documents-statement-photo-${tag}.png` });
      await axeClean(page, 'statement photo viewer');
    });

    test("the profile's activity timeline shows an approval made here", async ({ page, signIn }) => {
      await signIn(page);
      const api = await apiOf(page);
      const list = await api.call(calls.clients.pageUsers, {
        params: { status: 'pending' },
        body: { page: 1, sizePerPage: 50 },
      });
      // One client per screen size: each run approves its own.
      const client = list.clients[SIZES.indexOf(size)];
      expect(client, 'the demo data has pending clients').toBeDefined();
      await page.goto(`/user/profile/${client!._id}`);
      const activity = page.getByRole('list', { name: 'Activity' });
      await expect(activity).toBeVisible();
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      const confirm = page.getByRole('dialog');
      await confirm
        .getByRole('button', { name: /Approve|Confirm|Yes/ })
        .last()
        .click();
      await expect(activity.getByRole('listitem').first()).toContainText('Status changed to approved');
      await activity.getByRole('listitem').first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/documents-timeline-${tag}.png` });
      await axeClean(page, 'client profile with documents and activity');
    });
  });
}
