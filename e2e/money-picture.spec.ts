import type { Locator, Page } from '@playwright/test';
import { calls, type Withdrawal } from '@brokerdesk/contract';
import { apiOf, fundingPage, type Api } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** A laptop and a wide desk screen (docs/product.md [screen.profile.money-picture]). */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/** Where the screenshots go: beside the run's other output, and in /tmp for a person to look at. */
const shot = (name: string) => `test-results/money-picture-${name}.png`;

/** Nothing on the page scrolls sideways. */
async function noSideScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(client);
}

/** Whatever a box holds ends inside it: no text or table runs past its right edge. */
async function contained(box: Locator) {
  const over = await box.evaluate((el) => {
    const edge = el.getBoundingClientRect().right + 1;
    return Array.from(el.querySelectorAll('*'))
      .filter((child) => child.getBoundingClientRect().right > edge)
      .map((child) => (child.textContent ?? '').slice(0, 60));
  });
  expect(over, 'parts past the edge').toEqual([]);
}

/** An open withdrawal of the demo (not a card-provider one, whose modal is another variant). */
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

for (const size of SIZES) {
  const tag = `${size.width}x${size.height}`;

  test.describe(`money picture at ${tag} (${db})`, () => {
    test.use({ viewport: size });

    test('the profile card, and the modals with the return-to-source proposal', async ({ page, signIn }) => {
      await signIn(page);
      const api = await apiOf(page);
      const w = await openWithdrawal(api);
      const picture = await api.call(calls.evidence.getMoneyPicture, {
        params: { userId: w.userId },
        query: { withdrawalId: w._id },
      });
      expect(picture.returnToSource?.withdrawalId).toBe(w._id);

      // The profile's card: standing, the money per currency, the trading since deposits.
      await page.goto(`/user/profile/${w.userId}`);
      const card = page.getByRole('region', { name: 'Money picture' });
      await expect(card).toBeVisible();
      await expect(card.getByText(/^KYC: /)).toBeVisible();
      await expect(card.getByText(/^Bank details: /)).toBeVisible();
      for (const c of picture.currencies) {
        await expect(card.getByRole('heading', { name: new RegExp(`^${c.currency}: in `) })).toBeVisible();
      }
      if (picture.depositTrading.deposits.length > 0) {
        await expect(card.getByLabel('Trading since deposits')).toBeVisible();
      }
      await expect(card.getByLabel('Return to source')).toBeVisible();
      await expect(page.getByLabel('Loading', { exact: true })).toHaveCount(0, { timeout: 15_000 });
      await card.scrollIntoViewIfNeeded();
      await noSideScroll(page);
      await contained(card);
      await card.screenshot({ path: shot(`profile-${tag}`) });
      await card.screenshot({ path: `/tmp/money-picture-profile-${tag}.png` });

      // The withdrawal's modal: the summary with the proposal beside it, above the request.
      await page.goto(`/withdrawal-requests/${w.status}?open=${w._id}`);
      const modal = page.getByRole('dialog', { name: 'Update withdrawal' });
      await expect(modal).toBeVisible();
      const summary = modal
        .getByRole('region', { name: 'Money picture' })
        .or(modal.getByLabel('Money picture'));
      await expect(summary.first()).toBeVisible();
      const proposal = modal.getByLabel('Return to source');
      await expect(proposal).toBeVisible();
      for (const sentence of picture.returnToSource!.differences) {
        await expect(proposal).toContainText(sentence);
      }
      // Evidence first, the decision below it.
      const top = (await summary.first().boundingBox())!.y;
      const status =
        (
          await modal
            .getByRole('textbox', { name: /Status/ })
            .first()
            .boundingBox()
        )?.y ?? top + 1;
      expect(top).toBeLessThan(status);
      await contained(summary.first());
      await modal.screenshot({ path: shot(`withdrawal-${tag}`) });
      await modal.screenshot({ path: `/tmp/money-picture-withdrawal-${tag}.png` });
      await page.keyboard.press('Escape');

      // The deposit modal carries the compact picture too.
      const deposits = await fundingPage(api, {
        type: 'deposit',
        status: 'pending',
        page: 1,
        sizePerPage: 5,
        filters: {},
      });
      const d = deposits.transfers[0];
      if (d) {
        await page.goto(`/deposit-requests/pending?open=${d._id}`);
        const depositModal = page.getByRole('dialog', { name: 'Update deposit' });
        await expect(depositModal.getByLabel('Money picture').first()).toBeVisible();
        await expect(depositModal.getByText(/^KYC: /)).toBeVisible();
        await depositModal.screenshot({ path: `/tmp/money-picture-deposit-${tag}.png` });
      }
    });

    test('bad input is refused without a 5xx', async ({ page, signIn }) => {
      await signIn(page);
      const api = await apiOf(page);
      const bad = await api.send(calls.evidence.getMoneyPicture, { params: { userId: 'nope' }, query: {} });
      expect(bad.status()).toBe(400);
      const unknown = await api.send(calls.evidence.getMoneyPicture, {
        params: { userId: 'f'.repeat(24) },
        query: {},
      });
      expect(unknown.status()).toBe(404);
    });
  });
}
