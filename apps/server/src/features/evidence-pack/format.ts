/** Words and numbers as the summary shows them: times in UTC, amounts with two decimals. */

/** A time in UTC to the minute; the summary says once that its times are UTC. */
export const when = (epoch: number | null | undefined): string =>
  epoch ? new Date(epoch * 1000).toISOString().slice(0, 16).replace('T', ' ') : '';

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const amount = (value: number | null | undefined, currency = ''): string =>
  value === null || value === undefined ? '' : `${money.format(value)}${currency ? ` ${currency}` : ''}`;

export const yesNo = (v: unknown): string => (v === true ? 'yes' : v === false ? 'no' : '');

/** Any value as one line of text: objects as compact JSON. */
export const text = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
};

/** A camelCase or snake_case key as words: "employmentStatus" -> "Employment status". */
export const label = (key: string): string => {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};
