import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, calls, MESSAGES } from '@brokerdesk/contract';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { testDbKind } from '../support/db.ts';

describe(`bad input to the sign-in calls (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.stop());

  it('answers malformed JSON with 400', async () => {
    const r = await t.raw(calls.auth.loginAdmin, { body: '{"email": ' });
    expect(r.status).toBe(400);
    expect(r.body).toHaveProperty('errors.body');
  });

  it('names the missing and malformed fields', async () => {
    const r = await t.raw(calls.auth.loginAdmin, { body: { email: 'not-an-email' } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      errors: { email: MESSAGES.emailInvalid, password: MESSAGES.passwordRequired },
    });
  });

  it('refuses unknown fields', async () => {
    const r = await t.raw(calls.auth.loginAdmin, { body: { email: 'a@b.co', password: 'x', admin: true } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errors: { admin: 'Unknown field.' } });
  });

  it('refuses a code that is not six digits', async () => {
    const r = await t.call(calls.auth.confirmLogin, {
      body: {
        email: 'a@b.co',
        password: 't',
        code: '12a456',
      },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errors: { code: MESSAGES.codeIncorrect } });
  });

  it('refuses a huge body with 413', async () => {
    const r = await t.call(calls.auth.loginAdmin, {
      body: {
        email: 'a@b.co',
        password: 'x'.repeat(300 * 1024),
      },
    });
    expect(r.status).toBe(413);
  });

  it('refuses a body of the wrong type', async () => {
    const r = await t.raw(calls.auth.loginAdmin, { body: '[1,2,3]' });
    expect(r.status).toBe(400);
    const s = await t.raw(calls.auth.loginAdmin, { body: 'email=a' }, { 'content-type': 'text/plain' });
    expect(s.status).toBeGreaterThanOrEqual(400);
    expect(s.status).toBeLessThan(500);
  });

  it('rate-limits repeated sign-ins for one email', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push(
        (await t.call(calls.auth.loginAdmin, { body: { email: 'rl@brokerdesk.test', password: 'x' } }))
          .status,
      );
    }
    expect(statuses).toContain(429);
    expect(statuses.every((s) => s < 500)).toBe(true);
  });

  it('answers an unknown API path with a JSON 404 and a page path with the web app', async () => {
    const api = await t.send('GET', `${API_PREFIX}nothing-here`);
    expect(api.status).toBe(404);
    expect(api.body).toHaveProperty('errors.server');
    const page = await t.send('GET', '/users/new', undefined, { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('<div id="root">');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
