import { blocking, describeViolations, runAxe } from './support/axe.ts';
import { ADMIN, SYSOP, expect, test } from './support/fixtures.ts';

const db = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

test.describe(`staff management (${db})`, () => {
  test('a SYSOP invites an ADMIN, disables, re-enables and demotes them', async ({
    page,
    signIn,
    server,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, SYSOP);
    await page.getByRole('link', { name: 'Staff', exact: true }).click();
    await expect(page).toHaveURL(/\/staff$/);
    const table = page.getByRole('table', { name: 'Staff' });
    await expect(table.getByRole('row', { name: new RegExp(SYSOP.email) })).toHaveCount(1);
    await expect(table.getByRole('row', { name: new RegExp(ADMIN.email) })).toHaveCount(1);

    // Invite: the new member is mailed a link to choose a password.
    const email = `ivy.${Date.now() % 1_000_000}@e2e.test`;
    await page.getByRole('button', { name: 'Invite staff member' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite staff member' });
    const violations = blocking(await runAxe(page));
    expect(violations, describeViolations('/staff invite modal', violations)).toEqual([]);
    await invite.getByRole('textbox', { name: 'Name', exact: true }).fill('Ivy');
    await invite.getByRole('textbox', { name: 'Surname', exact: true }).fill('Invited');
    await invite.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    const before = server.smtp.count();
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(invite).toBeHidden();
    const mail = await server.smtp.next(email, before);
    expect(mail.text).toMatch(/\/email\/confirm\/setpassword\/[A-Za-z0-9_-]+/);
    const row = table.getByRole('row', { name: new RegExp(email.replace('.', '\\.')) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('ADMIN');
    await expect(row).toContainText('Never');
    await page.screenshot({ path: 'test-results/staff.png' });

    // Disable, then re-enable, each after a confirmation.
    await row.getByRole('button', { name: 'Disable Ivy Invited' }).click();
    await page
      .getByRole('dialog', { name: 'Disable staff member' })
      .getByRole('button', { name: 'Disable' })
      .click();
    await expect(row).toContainText('disabled');
    await row.getByRole('button', { name: 'Re-enable Ivy Invited' }).click();
    await page
      .getByRole('dialog', { name: 'Re-enable staff member' })
      .getByRole('button', { name: 'Re-enable' })
      .click();
    await expect(row).toContainText('approved');

    // Demoted below ADMIN: no longer staff, gone from the list.
    await row.getByRole('button', { name: 'Change role of Ivy Invited' }).click();
    const change = page.getByRole('dialog', { name: 'Change role of Ivy Invited' });
    await change.getByRole('textbox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'USER (no longer staff)' }).click();
    await expect(change.getByText('will no longer be staff')).toBeVisible();
    await change.getByRole('button', { name: 'Save' }).click();
    await expect(change).toBeHidden();
    await expect(row).toHaveCount(0);
  });

  test('an ADMIN sees the staff list without the actions', async ({ page, signIn }) => {
    await signIn(page, ADMIN);
    await page.goto('/staff');
    await expect(page.getByRole('table', { name: 'Staff' }).getByRole('row', { name: /sofia/i })).toHaveCount(
      1,
    );
    await expect(page.getByText('Only a SYSOP invites staff or changes their role or status.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Invite staff member' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Disable / })).toHaveCount(0);
  });
});
