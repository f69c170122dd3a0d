/**
 * docs/product.md [entities]: an account made by automation has no admin ('' — older rows say '0') and shows
 * AUTOMATION.
 */
export const AUTOMATION = 'AUTOMATION';

/**
 * The admin column: AUTOMATION, the staff member's name, or the raw id for someone no longer on the
 * admins list (so the row still says who it was). Empty while the list loads, so no ids flash by.
 */
export function adminLabel(adminId: string, admins: Readonly<Record<string, string>> | undefined): string {
  const id = adminId.trim();
  if (id === '' || id === '0') return AUTOMATION;
  if (!admins) return '';
  return admins[id] ?? id;
}
