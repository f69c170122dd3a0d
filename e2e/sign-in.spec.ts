import { codeFrom } from '../apps/server/test/support/smtp-receiver.ts';
import { ADMIN, SYSOP, expect, test } from './support/fixtures.ts';

test.describe(`sign-in (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  test('sends an unauthenticated visitor to the login page', async ({ page }) => {
    await page.goto('/users/all');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'SIGN IN' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
    await expect(page.getByText('ADMIN', { exact: true })).toHaveCount(0);
  });

  test('shows the error for a wrong password and stays on the login page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(SYSOP.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page.getByText('Email or password is incorrect.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signs in with the emailed code, shows the shell, and logs out', async ({ page, signIn }) => {
    await signIn(page, SYSOP);
    const header = page.locator('header');
    await expect(header.getByText('ADMIN', { exact: true })).toBeVisible();
    await expect(header.getByText(/Sofia/)).toBeVisible();
    for (const group of ['CLIENT MANAGEMENT', 'PARTNER MANAGEMENT', 'FUNDING', 'TRADING ACCOUNTS']) {
      await expect(page.getByText(group, { exact: true })).toBeVisible();
    }
    await expect(page.locator('nav a[href="/deposit-requests/pending"]')).toBeVisible();
    await expect(page.locator('nav a[href="/change-leverage-requests/pending"]')).toBeVisible();
    await page.screenshot({ path: 'test-results/shell.png' });

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/users/new');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('fills all six boxes from a pasted code', async ({ page, server }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    const before = server.smtp.count();
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await expect(page).toHaveURL(/\/confirm-login$/);
    const code = codeFrom(await server.smtp.next(ADMIN.email, before));
    await page.getByLabel('Digit 1').focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, code);
    await expect(page).toHaveURL(/\/users\/new$/);
  });

  test('sends a signed-in staff member from the login page to /users/new', async ({ page, signIn }) => {
    await signIn(page, ADMIN);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/users\/new$/);
  });
});
