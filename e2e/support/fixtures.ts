import { test as base, expect, type Page } from '@playwright/test';
import { calls } from '@brokerdesk/contract';
import { codeFrom } from '../../apps/server/test/support/smtp-receiver.ts';
import { isCall } from './api.ts';
import { startConsole, type ConsoleServer, type StaffMember } from './console-server.ts';

export const SYSOP: StaffMember = {
  email: 'sofia.sysop@e2e.test',
  name: 'Sofia',
  role: 'SYSOP',
  password: 'Sysop-Pass-2026',
};
export const ADMIN: StaffMember = {
  email: 'adam.admin@e2e.test',
  name: 'Adam',
  role: 'ADMIN',
  password: 'Admin-Pass-2026',
};

/** One console server per worker, shared by that worker's tests. */
export const test = base.extend<
  { signIn: (page: Page, who?: StaffMember) => Promise<void> },
  { server: ConsoleServer }
>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startConsole([SYSOP, ADMIN]);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  signIn: async ({ server }, use) => {
    await use(async (page, who = SYSOP) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(who.email);
      await page.getByLabel('Password', { exact: true }).fill(who.password);
      const before = server.smtp.count();
      // The specs sign the same staff in far more often than a person would: when the per-email limit
      // answers 429, wait as long as its Retry-After says (at most 45 s, inside the test timeout) and sign in again.
      for (let tries = 0; ; tries++) {
        const answered = page.waitForResponse(isCall(calls.auth.loginAdmin));
        await page.getByRole('button', { name: 'SIGN IN' }).click();
        const reply = await answered;
        if (reply.status() !== 429 || tries >= 2) break;
        const seconds = Math.min(45, Number(reply.headers()['retry-after'] ?? 5) || 5);
        await page.waitForTimeout(seconds * 1000);
      }
      await expect(page).toHaveURL(/\/confirm-login$/);
      const code = codeFrom(await server.smtp.next(who.email, before));
      for (let i = 0; i < 6; i++) await page.getByLabel(`Digit ${i + 1}`).fill(code[i]!);
      await expect(page).toHaveURL(/\/users\/new$/);
    });
  },
});

export { expect };
