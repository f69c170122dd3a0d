/**
 * Birth date lists (docs/product.md [rule.add-user]): years from 100 years ago to this year, newest first.
 */
export function birthYears(now: Date = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: 101 }, (_, i) => year - i);
}

export const BIRTH_DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

export const BIRTH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
].map((label, i) => ({ value: String(i + 1), label }));

type BirthParts = { birthDay?: number | null; birthMonth?: number | null; birthYear?: number | null };

export function hasBirthDate(v: BirthParts): boolean {
  return Boolean(v.birthDay && v.birthMonth && v.birthYear);
}

/**
 * 'YYYY/MM/DD' like the console's times (docs/product.md [const.date-format]), or '' when a part is missing.
 */
export function formatBirthDate(v: BirthParts): string {
  if (!hasBirthDate(v)) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${v.birthYear}/${pad(v.birthMonth!)}/${pad(v.birthDay!)}`;
}
