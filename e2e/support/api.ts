import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Text to match literally inside a RegExp (row names hold emails, amounts and the like). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Calls the API as the signed-in staff member, to pick test data and check what the screens did. */
export async function apiOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  return {
    post: async <T>(url: string, data: unknown): Promise<T> => {
      const r = await page.request.post(url, { headers, data });
      expect(r.status(), url).toBe(200);
      return (await r.json()) as T;
    },
    get: async <T>(url: string): Promise<T> => {
      const r = await page.request.get(url, { headers });
      expect(r.status(), url).toBe(200);
      return (await r.json()) as T;
    },
  };
}
