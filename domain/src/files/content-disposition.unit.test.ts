import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import {
  DownloadHeaderError,
  contentDisposition,
  parseContentDisposition,
  readDownloadHeaders,
  safeFilename,
} from './content-disposition.ts';

describe('safeFilename', () => {
  itAnswers(safeFilename, {
    'removes slashes, backslashes and both kinds of quote': [
      [[`a/b\\c"d'e.pdf`], 'abcde.pdf'],
      [['../../etc/passwd'], '....etcpasswd'],
    ],
    'removes control characters that would break the header': [[['a\r\nb\tc.pdf'], 'abc.pdf']],
  });

  it('keeps ordinary names, spaces and accents', () => {
    expect(safeFilename('EIF summary - Lakeside Manufacturing.pdf')).toBe(
      'EIF summary - Lakeside Manufacturing.pdf',
    );
    expect(safeFilename('Café Ñandú.pdf')).toBe('Café Ñandú.pdf');
  });

  it('never returns an empty name', () => {
    expect(safeFilename(`/\\"'`)).toBe('download');
  });
});

describe('contentDisposition', () => {
  it('is an attachment with a quoted safe filename', () => {
    expect(contentDisposition('EIF summary - A/B "Co".pdf')).toBe(
      'attachment; filename="EIF summary - AB Co.pdf"',
    );
  });

  it('adds a UTF-8 filename* for names outside ASCII and keeps the plain value Latin-1 safe', () => {
    const header = contentDisposition('Café – 1.pdf');
    expect(header).toBe(
      `attachment; filename="Caf_ _ 1.pdf"; filename*=UTF-8''Caf%C3%A9%20%E2%80%93%201.pdf`,
    );
    expect(/^[\x20-\x7e]*$/.test(header)).toBe(true);
  });

  it('round-trips through parseContentDisposition', () => {
    for (const name of ['plain.pdf', `O'Brien / "Sons".pdf`, 'Café – 1.pdf', 'a;b=c.pdf']) {
      expect(parseContentDisposition(contentDisposition(name)).filename).toBe(safeFilename(name));
    }
  });
});

describe('parseContentDisposition', () => {
  it('throws when the header is missing or empty', () => {
    expect(() => parseContentDisposition(null)).toThrow(DownloadHeaderError);
    expect(() => parseContentDisposition(undefined)).toThrow(/no Content-Disposition/);
    expect(() => parseContentDisposition('  ')).toThrow(DownloadHeaderError);
  });

  it("throws when 'attachment; filename=' is not there", () => {
    expect(() => parseContentDisposition('inline; filename="a.pdf"')).toThrow(/attachment; filename=/);
    expect(() => parseContentDisposition('attachment')).toThrow(DownloadHeaderError);
  });

  it('reads unquoted values and makes them safe', () => {
    expect(parseContentDisposition('attachment; filename=report.csv')).toEqual({ filename: 'report.csv' });
    expect(parseContentDisposition('attachment; filename="../x\\y.pdf"')).toEqual({ filename: '..xy.pdf' });
  });
});

describe('readDownloadHeaders', () => {
  const headers = (values: Record<string, string>) => (name: string) => values[name] ?? null;

  it('returns the type and the filename', () => {
    expect(
      readDownloadHeaders(
        headers({ 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="s.pdf"' }),
      ),
    ).toEqual({ contentType: 'application/pdf', filename: 's.pdf' });
  });

  it('throws when either header is missing', () => {
    expect(() =>
      readDownloadHeaders(headers({ 'content-disposition': 'attachment; filename="s.pdf"' })),
    ).toThrow(/no Content-Type/);
    expect(() => readDownloadHeaders(headers({ 'content-type': 'application/pdf' }))).toThrow(
      /no Content-Disposition/,
    );
  });
});
