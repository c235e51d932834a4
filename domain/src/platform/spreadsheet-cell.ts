/**
 * Formula injection (OWASP "CSV Injection"): a cell whose text begins with `=`, `+`, `-`, `@`, a tab or a
 * carriage return is run as a formula by spreadsheet programs once it is opened or edited. Every
 * spreadsheet and CSV the product writes passes each text cell through `spreadsheetCell`, which puts a
 * `'` before such text; `fromSpreadsheetCell` takes that quote off again when a file the product wrote
 * comes back (a census error workbook fixed and uploaded again reads like the original).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const QUOTED_FORMULA_START = /^'[=+\-@\t\r]/;

/** The text as a cell that no spreadsheet program takes for a formula. */
export function spreadsheetCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell read back: the quote `spreadsheetCell` added is taken off. */
export function fromSpreadsheetCell(text: string): string {
  return QUOTED_FORMULA_START.test(text) ? text.slice(1) : text;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date value of a cell (read, never made: the domain takes no time of its own). */
const isDate = (
  value: unknown,
): value is { getUTCFullYear(): number; getUTCMonth(): number; getUTCDate(): number } =>
  Object.prototype.toString.call(value) === '[object Date]';

/** A spreadsheet cell (exceljs's value) as the text a person sees: dates as MM/DD/YYYY, formulas by their result. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (isDate(value))
    return `${pad(value.getUTCMonth() + 1)}/${pad(value.getUTCDate())}/${value.getUTCFullYear()}`;
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string };
    if (v.richText) return v.richText.map((part) => part.text).join('');
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.error) return v.error;
    return '';
  }
  return String(value as string | number | boolean);
}
