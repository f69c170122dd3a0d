import { calls } from '@brokerdesk/contract';
import { codeFrom } from '../apps/server/test/support/smtp-receiver.ts';
import { apiOf, isCall } from './support/api.ts';
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

  test('keeps this browser a known device: its token outlives logout and goes with the next sign-in', async ({
    page,
    signIn,
  }) => {
    await signIn(page, ADMIN);
    const stored = await page.evaluate(() => localStorage.getItem('signInDevices'));
    const [account, device] = (JSON.parse(stored ?? '[]') as [string, string][])[0] ?? [];
    expect(account).toBe(ADMIN.email);
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('signInDevices'))).toBe(stored);

    const sent = page.waitForRequest(isCall(calls.auth.loginAdmin));
    await signIn(page, ADMIN);
    expect((await sent).postDataJSON()).toMatchObject({ email: ADMIN.email, device });
    // A known device's sign-in renews its token rather than handing out a new one.
    expect(await page.evaluate(() => localStorage.getItem('signInDevices'))).toBe(stored);
  });

  test('sends a signed-in staff member from the login page to /users/new', async ({ page, signIn }) => {
    await signIn(page, ADMIN);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/users\/new$/);
  });
  test("confirms an email only when the page's button is pressed, not when the link is fetched", async ({
    page,
    server,
    signIn,
  }) => {
    await signIn(page, SYSOP);
    const api = await apiOf(page);
    const email = 'confirm.me@clients.example';
    const before = server.smtp.count();
    const added = await api.send(calls.clients.registerUser, {
      body: {
        email,
        password: 'secret1',
        password2: 'secret1',
        title: 'Mrs.',
        name: 'Cora',
        surname: 'Confirm',
        mobilePhone: '07700 900124',
        addressNo: '2',
        address: 'High Street',
        city: 'Bristol',
        postcode: 'BS1 1AA',
        country: 'GB',
        nationality: 'GB',
        birthDay: 1,
        birthMonth: 2,
        birthYear: 1990,
      },
    });
    expect(added.status(), await added.text()).toBe(200);
    const mail = await server.smtp.next(email, before);
    const path = new URL(/https?:\/\/\S+\/email\/confirm\/[A-Za-z0-9_-]+/.exec(mail.text)![0]).pathname;

    // A mail scanner fetches the link first: it gets the page, and the link stays unused.
    const scan = await page.request.get(path, { headers: { accept: '*/*' } });
    expect(scan.status()).toBe(200);
    await page.goto(path);
    await page.getByRole('button', { name: 'Confirm email address' }).click();
    await expect(page.getByText('Your email address has been confirmed.')).toBeVisible();
    // Used once: pressing the button again on a fresh visit says so.
    await page.goto(path);
    await page.getByRole('button', { name: 'Confirm email address' }).click();
    await expect(page.getByText('This confirmation link is invalid or has expired.')).toBeVisible();
  });
});
