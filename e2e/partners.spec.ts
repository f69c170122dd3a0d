import { calls } from '@brokerdesk/contract';
import { expect, test } from './support/fixtures.ts';
import { apiOf, escapeRegExp as escape } from './support/api.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

test.describe(`partners (${db})`, () => {
  test('approves an IB request, then generates codes for the new partner', async ({ page, signIn }) => {
    await signIn(page);
    await page.goto('/ib-requests');
    await expect(page.getByRole('heading', { name: 'IB Requests' })).toBeVisible();
    const api = await apiOf(page);
    const pending = await api.call(calls.partners.pageIbRequests, {
      body: {
        page: 1,
        sizePerPage: 50,
        filters: { status: { filterType: 'SELECT', filterVal: 'pending' } },
      },
    });
    const request = pending.requestsData[0];
    expect(request, 'the demo data has a pending IB request').toBeDefined();
    const client = pending.usersData[request!.userId]!;
    const before = await api.call(calls.partners.listIbCodes, { query: {} });

    // Approve through the detail modal; a comment is required.
    await page.getByRole('row', { name: new RegExp(escape(client.email)) }).click();
    const modal = page.getByRole('dialog', { name: `IB request: ${client.name} ${client.surname}` });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Approve' }).click();
    await expect(modal.getByText('A comment is required.')).toBeVisible();
    await modal.getByLabel('Comment').fill('Strong network of traders; welcome aboard.');
    await page.screenshot({ path: 'test-results/ib-request-modal.png' });
    await modal.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(/The IB request was approved/).first()).toBeVisible();
    await expect(modal).toBeHidden();

    // The client is a partner with an agent code and an introducer; one code slot is spent.
    const profile = await api.call(calls.clients.getProfile, { params: { id: request!.userId } });
    expect(profile.user.role).toBe('PARTNER');
    const agentCode = profile.user.agentCode!;
    expect(agentCode).toBeGreaterThan(0);
    const after = await api.call(calls.partners.listIbCodes, { query: {} });
    expect(after.counters.availableIbCodes).toBe(before.counters.availableIbCodes - 1);
    await page.screenshot({ path: 'test-results/ib-requests-after.png' });

    // Generate 3 links for the new partner on /ib-codes.
    await page.goto('/ib-codes');
    await expect(page.getByText(`Codes left: ${after.counters.availableIbCodes}/`)).toBeVisible();
    await page.getByRole('button', { name: 'Generate codes' }).click();
    const generate = page.getByRole('dialog', { name: 'Generate Codes' });
    await expect(generate).toBeVisible();
    await generate.getByRole('textbox', { name: 'Introducer' }).fill(String(agentCode));
    await page.getByRole('option', { name: new RegExp(`\\(${agentCode}\\)`) }).click();
    await generate.getByRole('textbox', { name: 'Number of codes' }).click();
    await page.getByRole('option', { name: '3', exact: true }).click();
    await page.screenshot({ path: 'test-results/generate-codes-modal.png' });
    await generate.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText('3 codes generated.').first()).toBeVisible();
    await expect(generate).toBeHidden();

    const codes = await api.call(calls.partners.listGeneratedCodes, { params: { agentCode } });
    expect(codes.codes.map((c) => c.name)).toEqual(['Link 1', 'Link 2', 'Link 3']);
    const counters = (await api.call(calls.partners.listIbCodes, { query: {} })).counters;
    expect(counters.availableSubcodes).toBe(after.counters.availableSubcodes - 3);
    // The partner's row is expanded with its links.
    await expect(page.getByText(codes.codes[0]!.link)).toBeVisible();
    await expect(page.getByText(`Subcodes left: ${counters.availableSubcodes}/`)).toBeVisible();
    await page.screenshot({ path: 'test-results/ib-codes-generated.png' });
  });

  test('a SYSOP adds introducer slots from /ib-codes', async ({ page, signIn }) => {
    await signIn(page);
    await page.goto('/ib-codes');
    const api = await apiOf(page);
    const before = (await api.call(calls.partners.listIbCodes, { query: {} })).counters;
    await page.getByRole('button', { name: 'Add slots' }).click();
    const modal = page.getByRole('dialog', { name: 'Add slots' });
    await modal.getByLabel('Introducer codes to add').fill('5');
    await modal.getByLabel('Subcodes to add').fill('20');
    await modal.getByRole('button', { name: 'Add slots' }).click();
    await expect(page.getByText('Added 5 introducer codes and 20 subcodes.').first()).toBeVisible();
    const after = (await api.call(calls.partners.listIbCodes, { query: {} })).counters;
    expect(after).toEqual({
      availableIbCodes: before.availableIbCodes + 5,
      totalIbCodes: before.totalIbCodes + 5,
      availableSubcodes: before.availableSubcodes + 20,
      totalSubcodes: before.totalSubcodes + 20,
    });
    await expect(page.getByText(`Codes left: ${after.availableIbCodes}/${after.totalIbCodes}`)).toBeVisible();
  });
});
