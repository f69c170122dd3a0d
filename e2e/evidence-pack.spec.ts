import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { calls, type Withdrawal } from '@brokerdesk/contract';
import { verifyPack } from '../apps/server/src/features/evidence-pack/verify-pack.ts';
import { apiOf, fundingPage, type Api } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** An open withdrawal of the demo that the console decides (not a card-provider one). */
async function openWithdrawal(api: Api): Promise<Withdrawal> {
  for (const status of ['pending', 'incomplete'] as const) {
    const list = await fundingPage(api, {
      type: 'withdrawal',
      status,
      page: 1,
      sizePerPage: 50,
      filters: {},
    });
    const found = list.transfers.find((w) => !w.providerHandled);
    if (found) return found;
  }
  throw new Error('the demo data has no open withdrawal');
}

/** The pack the button downloads, saved and checked offline against the key the Audit Trail shows. */
async function checkDownload(page: Page, download: Download, api: Api, name: RegExp) {
  expect(download.suggestedFilename()).toMatch(name);
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe('PK');
  const key = await api.call(calls.audit.getAuditSigningKey, {});
  const result = await verifyPack(file, [key.publicKey]);
  expect(result.problems).toEqual([]);
  expect(result.records).toBeGreaterThan(0);
  return file;
}

test.describe(`evidence packs at 1366x768 (${db})`, () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("downloads a client's pack from the profile and a withdrawal's from its modal; both verify", async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    const api = await apiOf(page);
    const w = await openWithdrawal(api);

    await page.goto(`/user/profile/${w.userId}`);
    const button = page.getByRole('button', { name: 'Evidence pack' });
    await expect(button).toBeVisible();
    await page.screenshot({ path: '/tmp/evidence-pack-profile-1366x768.png' });
    const [fromProfile] = await Promise.all([page.waitForEvent('download'), button.click()]);
    await checkDownload(
      page,
      fromProfile,
      api,
      new RegExp(`^evidence-client-${w.userId}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
    );

    await page.goto(`/withdrawal-requests/${w.status}?open=${w._id}`);
    const modal = page.getByRole('dialog', { name: 'Update withdrawal' });
    await expect(modal).toBeVisible();
    const inModal = modal.getByRole('button', { name: 'Evidence pack' });
    await inModal.scrollIntoViewIfNeeded();
    await expect(inModal).toBeInViewport();
    await modal.screenshot({ path: '/tmp/evidence-pack-withdrawal-1366x768.png' });
    const [fromModal] = await Promise.all([page.waitForEvent('download'), inModal.click()]);
    await checkDownload(
      page,
      fromModal,
      api,
      new RegExp(`^evidence-withdrawal-${w._id}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
    );

    // Each download is in the audit trail: who asked, for which client.
    await page.goto(`/audit?f.userId=${w.userId}&f.action=evidence-pack.exported`);
    await expect(page.getByRole('cell', { name: 'evidence-pack.exported' }).first()).toBeVisible();
  });

  test('the audit screen shows the seals and the public key that checks a pack', async ({ page, signIn }) => {
    await signIn(page);
    await page.goto('/audit');
    const panel = page.getByLabel('Seals and anchors');
    await expect(panel).toBeVisible();
    await expect(panel.getByText(/Signing key [0-9a-f]{16}/)).toBeVisible();
    await panel.getByRole('button', { name: 'Public key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Public key of the audit trail' });
    await expect(dialog.getByText('-----BEGIN PUBLIC KEY-----', { exact: false })).toBeVisible();
    await page.screenshot({ path: '/tmp/evidence-pack-audit-key-1366x768.png' });
  });
});
