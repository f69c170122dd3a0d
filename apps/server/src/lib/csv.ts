/**
 * CSV text (RFC 4180): a field is quoted when it holds a comma, a quote or a line break, with quotes
 * doubled. Text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe, so an exported client name can never execute in Excel.
 */
export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
