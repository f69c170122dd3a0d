/**
 * CSV text (RFC 4180) for every export. Every cell is quoted, with quotes doubled, so no separator
 * (a comma, or the semicolon of a European spreadsheet) or line break inside a value can start a new
 * cell. Text a spreadsheet would run as a formula is neutralised with an apostrophe wherever a cell
 * could begin: at the start of the value, and after a quote, a separator (, ;) or a line break, in case
 * a reader splits cells naively. `x;=cmd|' /C calc'!A0` is written as `"x;'=cmd|' /C calc'!A0"`.
 */
export type CsvValue = string | number | boolean | null | undefined;

/** = + - @ tab CR: what makes a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_AFTER_BOUNDARY = /(^|[",;\r\n])(?=[=+\-@\t\r])/g;

export function defuseFormulas(text: string): string {
  return text.replace(FORMULA_AFTER_BOUNDARY, "$1'");
}

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** One cell. Numbers and booleans are written as they are: a negative amount is a number, not a formula. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '""';
  if (typeof value !== 'string') return quote(String(value));
  return quote(defuseFormulas(value));
}

/**
 * A JSON value as one cell that still parses as the same JSON: a formula character that begins a
 * string, or follows a separator inside one, is written as its \u escape instead of being prefixed.
 */
export function csvJsonCell(value: unknown): string {
  if (value === null || value === undefined) return '""';
  return quote(defuseJson(JSON.stringify(value)));
}

function defuseJson(json: string): string {
  let out = '';
  let inString = false;
  let escaped = false;
  for (const ch of json) {
    const prev = out[out.length - 1];
    if (inString && !escaped && '=+-@'.includes(ch) && (prev === '"' || prev === ',' || prev === ';')) {
      out += `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
      continue;
    }
    out += ch;
    if (escaped) escaped = false;
    else if (inString && ch === '\\') escaped = true;
    else if (ch === '"') inString = !inString;
  }
  return out;
}

export function csvLine(cells: CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
