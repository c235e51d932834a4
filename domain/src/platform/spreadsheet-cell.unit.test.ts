import { describe, expect, it } from 'vitest';
import { fromSpreadsheetCell, spreadsheetCell } from './spreadsheet-cell.ts';

describe('spreadsheet cells (OWASP CSV injection)', () => {
  it('puts a quote before text that would start a formula, and only there', () => {
    for (const text of ['=HYPERLINK("x")', '+cmd', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(spreadsheetCell(text)).toBe(`'${text}`);
    for (const text of ['Ada', '12/10/1985', '85000', '', "'quoted", ' =1'])
      expect(spreadsheetCell(text)).toBe(text);
  });

  it('reads back what it wrote', () => {
    for (const text of ['=HYPERLINK("x")', '+1 555 0100', '-5', '@home', 'Ada', "'plain"])
      expect(fromSpreadsheetCell(spreadsheetCell(text))).toBe(text);
  });
});
