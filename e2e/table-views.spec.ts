import type { Page } from '@playwright/test';
import { calls } from '@brokerdesk/contract';
import { atCall, isCall } from './support/api.ts';
import { blocking, describeViolations, runAxe } from './support/axe.ts';
import { ADMIN, expect, test } from './support/fixtures.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const SHOTS = process.env.TABLE_VIEWS_SHOTS;

const tabs = (base: string, statuses: readonly string[]) => statuses.map((s) => `/${base}/${s}`);
/** Every list screen of the console (the router's list routes, each status tab), with its key columns. */
const KEY: Record<string, readonly string[]> = {
  '/users/all': ['STATUS', 'FIRST NAME', 'LAST NAME', 'EMAIL', 'eKYC APPROVED', 'PROFILE'],
  ...Object.fromEntries(
    tabs('users', ['new', 'approved']).map((p) => [
      p,
      ['FIRST NAME', 'LAST NAME', 'EMAIL', 'eKYC APPROVED', 'PROFILE'],
    ]),
  ),
  // Why a client is pending or rejected matters more there than their eKYC state.
  '/users/pending': ['FIRST NAME', 'LAST NAME', 'EMAIL', 'REASON', 'PROFILE'],
  '/users/rejected': ['FIRST NAME', 'LAST NAME', 'EMAIL', 'REASON', 'PROFILE'],
  '/manage-groups': ['Group ID', 'Group name', 'Status'],
  '/historical-requests': ['Name', 'Transaction ID', 'Amount', 'Approved time', 'Approved by', 'Status'],
  '/wallet-accounts': ['Client', 'Email', 'Account', 'Balance', 'Equity'],
  '/trading-accounts': ['Client', 'Account', 'Balance', 'Equity', 'Created'],
  '/ib-requests': ['Client', 'Email', 'Status'],
  '/ib-codes': ['Name', 'Agent code'],
  '/transfer-requests/pending': ['From account', 'To account', 'Name', 'Amount', 'Requested'],
  ...Object.fromEntries(
    tabs('transfer-requests', ['approved', 'rejected']).map((p) => [
      p,
      ['From account', 'To account', 'Amount', 'Withdrawn status', 'Deposited status'],
    ]),
  ),
  ...Object.fromEntries(
    tabs('withdrawal-requests', ['historical', 'error']).map((p) => [
      p,
      ['Time of request', 'Name', 'Transaction ID', 'Amount', 'Approved time', 'Status'],
    ]),
  ),
  ...Object.fromEntries(
    tabs('withdrawal-requests', ['pending', 'incomplete']).map((p) => [
      p,
      ['Time of request', 'Name', 'Transaction ID', 'Amount', 'Currency'],
    ]),
  ),
  '/deposit-requests/historical': [
    'Name',
    'Transaction ID',
    'Amount',
    'Approved time',
    'Approved by',
    'Status',
  ],
  ...Object.fromEntries(
    tabs('deposit-requests', ['pending', 'incomplete']).map((p) => [
      p,
      ['Time', 'Name', 'Transaction ID', 'Amount', 'Currency'],
    ]),
  ),
  ...Object.fromEntries(
    tabs('bank-verification-requests', ['pending', 'approved', 'rejected']).map((p) => [
      p,
      ['Full name', 'Email', 'Bank name'],
    ]),
  ),
  ...Object.fromEntries(
    tabs('change-leverage-requests', ['pending', 'approved', 'rejected']).map((p) => [
      p,
      ['Account', 'Name', 'Old leverage', 'New leverage'],
    ]),
  ),
  ...Object.fromEntries(
    tabs('new-sub-account-requests', ['pending', 'approved', 'rejected']).map((p) => [
      p,
      ['Full name', 'Email', 'Account type'],
    ]),
  ),
  '/audit': ['Time', 'Staff', 'Action', 'Record'],
  '/reconciliation': ['Run at', 'Result', 'Mismatches'],
  '/sessions': ['Staff', 'Signed in', 'IP address'],
  '/staff': ['Name', 'Email', 'Role', 'Status'],
};

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/** Waits for the screen's lists to have drawn their rows (no loader left). */
async function settled(page: Page) {
  await expect(page.getByRole('table').first()).toBeVisible();
  await expect(page.getByLabel('Loading', { exact: true })).toHaveCount(0, { timeout: 15_000 });
}

/**
 * What sticks out past the right edge: the page itself, a table that scrolls sideways, a header of the
 * first table (the key ones are checked by name), or a row's buttons and links.
 */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`page ${document.documentElement.scrollWidth}`);
    for (const table of document.querySelectorAll('main table')) {
      const name = table.getAttribute('aria-label') ?? 'table';
      let box = table.parentElement;
      while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
      if (box && box.scrollWidth > box.clientWidth + 1)
        found.push(`${name} scrolls ${box.scrollWidth}/${box.clientWidth}`);
      for (const el of table.querySelectorAll('th, tbody tr:first-child button, tbody tr:first-child a')) {
        const right = el.getBoundingClientRect().right;
        if (right > width + 0.5)
          found.push(`${name}: "${el.textContent?.trim()}" ends at ${Math.round(right)}`);
      }
    }
    return found;
  });
}

test.describe(`table settings and saved views (${db})`, () => {
  for (const size of SIZES) {
    test(`every list shows its actions and key columns without sideways scrolling at ${size.width}x${size.height}`, async ({
      page,
      signIn,
    }) => {
      test.setTimeout(300_000);
      await page.setViewportSize(size);
      await signIn(page);
      const problems: string[] = [];
      for (const [path, keys] of Object.entries(KEY)) {
        await page.goto(path);
        await settled(page);
        // A table fits its columns to the width once its cells have drawn (a frame or two after the rows
        // arrive): wait for that; what still sticks out after 5 s is reported below.
        await expect
          .poll(async () => (await overflow(page)).length, { timeout: 5_000 })
          .toBe(0)
          .catch(() => undefined);
        const table = page.getByRole('table').first();
        for (const key of keys) {
          const header = table.getByRole('columnheader', { name: key, exact: true }).first();
          if ((await header.count()) === 0) problems.push(`${path}: no "${key}" column`);
          else {
            const box = (await header.boundingBox())!;
            if (box.x + box.width > size.width + 0.5) problems.push(`${path}: "${key}" past the edge`);
          }
        }
        problems.push(...(await overflow(page)).map((p) => `${path}: ${p}`));
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/${size.width}${path.replaceAll('/', '_')}.png` });
      }
      expect(problems).toEqual([]);
    });
  }

  test('a hidden column and the compact density stay after a reload', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page);
    await page.goto('/wallet-accounts');
    await settled(page);
    const table = page.getByRole('table', { name: 'Wallet Accounts' });
    await expect(table.getByRole('columnheader', { name: 'Equity' })).toBeVisible();
    // The columns that do not fit at this width are offered by the chooser, unticked.
    await page.getByRole('button', { name: /^Columns \d/ }).click();
    const chooser = page.getByRole('group', { name: 'Columns to show' });
    const unticked = chooser.getByRole('checkbox', { checked: false }).first();
    await expect(unticked).toBeVisible();
    const spare = (
      await unticked.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '')
    ).trim();
    expect(spare).not.toBe('');
    const found = blocking(await runAxe(page));
    expect(found, describeViolations('column chooser', found)).toEqual([]);
    await chooser.getByRole('checkbox', { name: 'Equity' }).uncheck();
    await chooser.getByRole('checkbox', { name: spare, exact: true }).check();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: 'Equity' })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: spare, exact: true })).toBeVisible();
    const density = page.getByRole('button', { name: 'Compact' });
    await density.click();
    await expect(density).toHaveAttribute('aria-pressed', 'true');
    const compactRow = await table.locator('tbody tr').first().boundingBox();

    await page.reload();
    await settled(page);
    await expect(table.getByRole('columnheader', { name: 'Equity' })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: spare, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'true');

    // Back to the list's defaults and comfortable rows, which are taller.
    await page.getByRole('button', { name: /^Columns \d/ }).click();
    await page.getByRole('button', { name: 'List defaults' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Compact' }).click();
    await expect(page.getByRole('button', { name: 'Compact' })).toHaveAttribute('aria-pressed', 'false');
    await expect(table.getByRole('columnheader', { name: 'Equity' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: spare, exact: true })).toHaveCount(0);
    const comfortableRow = await table.locator('tbody tr').first().boundingBox();
    expect(comfortableRow!.height).toBeGreaterThan(compactRow!.height);
  });

  test('a saved view opens by its link for another staff member and as the default', async ({
    page,
    browser,
    signIn,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page);
    await page.goto('/users/all');
    await settled(page);
    const table = page.getByRole('table', { name: 'All Accounts' });
    await page.getByRole('textbox', { name: 'Filter COUNTRY OF RESID.' }).fill('Germany');
    await expect(page).toHaveURL(/f\.country=Germany/);
    await table.getByRole('columnheader', { name: 'FIRST NAME' }).getByRole('button').click();
    await expect(page).toHaveURL(/sort=name/);
    await page.getByRole('button', { name: /^Columns \d/ }).click();
    await page
      .getByRole('group', { name: 'Columns to show' })
      .getByRole('checkbox', { name: 'EMAIL' })
      .uncheck();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: 'EMAIL' })).toHaveCount(0);

    await page.getByTestId('views-menu').click();
    await page.getByRole('menuitem', { name: 'Save current view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('Name').fill('Germany by first name');
    await dialog.getByLabel('Open this list with this view').check();
    const found = blocking(await runAxe(page));
    expect(found, describeViolations('save view', found)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('views-menu')).toHaveText('View: Germany by first name');

    await page.getByTestId('views-menu').click();
    await page.getByRole('menuitem', { name: /Share link/ }).click();
    const link = await page.getByLabel('Link to this view').inputValue();
    expect(link).toMatch(/\/users\/all\?view=[0-9a-f]{24}$/);
    await page.getByRole('button', { name: 'Done' }).click();

    // Opened without view params, the list opens with the default view.
    await page.getByRole('button', { name: /^Columns \d/ }).click();
    await page.getByRole('button', { name: 'List defaults' }).click();
    await page.keyboard.press('Escape');
    await page.goto('/users/all');
    await settled(page);
    await expect(page).toHaveURL(/f\.country=Germany/);
    await expect(page).toHaveURL(/sort=name/);
    await expect(page.getByRole('textbox', { name: 'Filter COUNTRY OF RESID.' })).toHaveValue('Germany');
    await expect(page.getByTestId('views-menu')).toHaveText('View: Germany by first name');
    await expect(table.getByRole('columnheader', { name: 'EMAIL' })).toHaveCount(0);

    // Another staff member opens the link: the same filter, sort and columns, and whose view it is.
    const other = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const theirs = await other.newPage();
    await signIn(theirs, ADMIN);
    await theirs.goto(link);
    await expect(theirs).toHaveURL(/f\.country=Germany/);
    await expect(theirs).not.toHaveURL(/view=/);
    await expect(theirs.getByText('Saved by Sofia')).toBeVisible();
    await settled(theirs);
    await expect(theirs.getByRole('textbox', { name: 'Filter COUNTRY OF RESID.' })).toHaveValue('Germany');
    const theirTable = theirs.getByRole('table', { name: 'All Accounts' });
    await expect(theirTable.getByRole('columnheader', { name: 'EMAIL' })).toHaveCount(0);
    const countries = await theirTable.locator('tbody tr td:nth-child(5)').allTextContents();
    expect(countries.length).toBeGreaterThan(0);
    expect(new Set(countries)).toEqual(new Set(['Germany']));
    await other.close();

    // Deleted, the link says so instead of opening something else.
    await page.getByTestId('views-menu').click();
    await page.getByRole('menuitem', { name: 'Manage views…' }).click();
    await page.getByRole('button', { name: 'Delete Germany by first name' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.goto(link);
    await expect(page.getByText('The saved view could not be opened')).toBeVisible();
    await expect(page).not.toHaveURL(/view=/);
  });

  test('a page flip shows the new page whole: no title from the old one, header and settings act on it', async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page);
    await page.goto('/trading-accounts');
    await settled(page);
    // Every cell cut short, so that any of them shows its full text on hover, as its title.
    await page.addStyleTag({ content: 'tbody td { max-width: 2.5rem !important; }' });
    const rows = page.getByRole('table').first().locator('tbody tr');
    const cut = await rows
      .nth(1)
      .locator('td')
      .evaluateAll((tds) => tds.findIndex((td) => td.scrollWidth > td.clientWidth + 1));
    expect(cut, 'a cut cell').toBeGreaterThanOrEqual(0);
    const cell = rows.nth(1).locator('td').nth(cut);
    const before = (await cell.textContent())!.trim();
    await cell.hover();
    await expect(cell).toHaveAttribute('title', before);

    // Rows keep their elements from page to page (data-table.tsx): the old title must go with its text.
    const firstRow = (await rows.first().textContent())!;
    await page.getByRole('button', { name: 'next page' }).click();
    await expect(page).toHaveURL(/live\.page=2/);
    await expect(rows.first()).not.toHaveText(firstRow);
    await expect(cell).not.toHaveText(before);
    expect(await cell.getAttribute('title')).not.toBe(before);

    // The header and the settings bar were not drawn again for the flip; they still act on this page.
    const header = page.getByRole('table').first().locator('thead');
    await header.getByRole('button', { name: 'Balance' }).click();
    await expect(page).toHaveURL(/live\.sort=balance/);
    await expect(page).not.toHaveURL(/live\.page=2/);
    await settled(page);
    await page.getByRole('button', { name: 'next page' }).click();
    await expect(page).toHaveURL(/live\.page=2/);
    await header.getByRole('textbox').first().fill('a');
    await expect(page).toHaveURL(/live\.f\./);
    await expect(page).not.toHaveURL(/live\.page=2/);
    await expect(page).toHaveURL(/live\.sort=balance/);
    // And they keep what changed without them: the page size stays when the header sorts next.
    await settled(page);
    await page.getByRole('textbox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    await expect(page).toHaveURL(/live\.size=50/);
    const sized = page.url();
    await header.getByRole('button', { name: 'Balance' }).click();
    await expect(page).not.toHaveURL(sized);
    await expect(page).toHaveURL(/live\.size=50/);
    await expect(page).toHaveURL(/live\.f\./);
  });

  test('a new page draws its first screen first and the rest a frame later, every column where it was', async ({
    page,
    signIn,
  }) => {
    // A short window, so that the demo's few dozen clients are more than one screen of rows.
    await page.setViewportSize({ width: 1366, height: 500 });
    await signIn(page);
    await page.goto('/trading-accounts');
    await settled(page);
    let table = page.getByRole('table').first();
    let rows = table.locator('tbody tr');

    // From the pager under the page, as a staff member reading down the list would: the next page
    // starts at its first row, under the console's header bar.
    const firstOfPage1 = (await rows.first().textContent())!;
    await page.getByRole('button', { name: 'next page' }).click();
    await expect(page).toHaveURL(/live\.page=2/);
    await expect(rows.first()).not.toHaveText(firstOfPage1);
    const bar = await page
      .locator('header')
      .first()
      .evaluate((h) => h.getBoundingClientRect().bottom);
    const top = await table.evaluate((t) => t.getBoundingClientRect().top);
    expect(top, 'the table starts under the header bar').toBeGreaterThanOrEqual(bar - 1);
    expect(top, 'the table starts near the top of the window').toBeLessThan(bar + 200);
    // A sort is not a turn of the pager: the window stays where the staff member put it (the keyboard
    // sorts, as a click would first scroll the button out from under the header bar).
    // The wheel scrolls smoothly: where the window is is read once it has stopped (scrollend), not
    // while it still moves (a slower machine read it mid-way and saw the sort move it).
    const scrollEnded = page.evaluate(
      () =>
        new Promise<void>((resolve) => window.addEventListener('scrollend', () => resolve(), { once: true })),
    );
    await page.mouse.wheel(0, 150);
    await scrollEnded;
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const sort = table.locator('thead').getByRole('button', { name: 'Balance' });
    await sort.focus();
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/live\.sort=balance/);
    await settled(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    // Each frame after a change of the list's rows: how many rows it drew, and where each column
    // starts. A longer text further down the page (row 30 on, past the first screen), in columns as
    // wide as their longest text (the page's own cap hides most differences): it would widen its
    // column when the rest of the page comes.
    await page.addInitScript(() => {
      type Frame = { rows: number; starts: number[]; bottom: number };
      const frames: Frame[] = [];
      (window as unknown as { frames_: Frame[] }).frames_ = frames;
      new MutationObserver(() =>
        requestAnimationFrame(() => {
          const body = document.querySelector('table tbody');
          const head = document.querySelector('table thead tr');
          if (!body || !head) return;
          frames.push({
            rows: body.querySelectorAll('tr[data-row-index]').length,
            starts: Array.from(head.children, (th) => Math.round(th.getBoundingClientRect().left)),
            bottom: body.lastElementChild?.getBoundingClientRect().bottom ?? 0,
          });
        }),
      ).observe(document, { childList: true, subtree: true, characterData: true });
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = `tbody td { max-width: none !important; }
          tbody tr:nth-child(n + 30) td:nth-child(3)::after { content: ' and a longer text further down'; }`;
        document.head.append(style);
      });
    });
    // The rows come after the staff member's column settings, so the columns are the final ones from
    // the first frame on (another test of this file hides a column of this list).
    const settingsRead = page.waitForResponse(isCall(calls.views.getTableSettings));
    await page.route(atCall(calls.clients.pageUsers), async (route) => {
      await settingsRead;
      await route.continue();
    });
    await page.goto('/users/all?size=50');
    await settled(page);
    table = page.getByRole('table').first();
    rows = table.locator('tbody tr');
    // The page's rows as the footer counts them ("1–40 of 40"); the table draws them all a frame on.
    const shown = (await page.getByTestId('table-total').textContent())!.match(/–(\d+) of/);
    const count = Number(shown?.[1]);
    expect(count, 'more rows than a screen holds').toBeGreaterThan(30);
    await expect(rows).toHaveCount(count);
    await expect(table.getByRole('row')).toHaveCount(count + 2); // and the two header rows
    const framesNow = async () =>
      (
        await page.evaluate(
          () =>
            (window as unknown as { frames_: { rows: number; starts: number[]; bottom: number }[] }).frames_,
        )
      ).filter((frame) => frame.rows > 0);
    await expect.poll(async () => (await framesNow()).at(-1)?.rows).toBe(count);
    const frames = await framesNow();
    expect(frames[0]!.rows, 'the first frame draws the first screen only').toBeLessThan(count);
    expect(frames[0]!.bottom, 'and fills the window: no gap under its rows').toBeGreaterThanOrEqual(500);
    for (const frame of frames) {
      expect(frame.starts.length).toBe(frames[0]!.starts.length);
      frame.starts.forEach((start, i) =>
        expect(Math.abs(start - frames[0]!.starts[i]!), `column ${i} moved`).toBeLessThanOrEqual(1),
      );
    }

    // The keyboard reaches the whole page: End goes to its last row.
    await rows.first().focus();
    await page.keyboard.press('End');
    await expect(rows.nth(count - 1)).toBeFocused();
    await expect(rows.nth(count - 1)).toBeInViewport();
  });
});
