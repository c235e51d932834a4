import { describe, expect, it } from 'vitest';
import { downloadName, hasSignatureOf, uploadMimeType } from './document-store.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

describe('uploadMimeType', () => {
  it('accepts the four upload types, ignoring parameters and case', () => {
    expect(uploadMimeType('application/pdf')).toBe('application/pdf');
    expect(uploadMimeType('Image/PNG; charset=binary')).toBe('image/png');
    expect(uploadMimeType('image/jpeg')).toBe('image/jpeg');
    expect(uploadMimeType('video/mp4')).toBe('video/mp4');
  });

  it('refuses anything else, or nothing', () => {
    for (const type of ['text/html', 'application/json', 'image/svg+xml', '', null, undefined])
      expect(uploadMimeType(type)).toBeNull();
  });
});

describe('hasSignatureOf', () => {
  it('recognises each type by its first bytes', () => {
    expect(hasSignatureOf('application/pdf', ascii('%PDF-1.7\n'))).toBe(true);
    expect(hasSignatureOf('image/png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe(true);
    expect(hasSignatureOf('image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(hasSignatureOf('video/mp4', ascii('\0\0\0\x18ftypmp42'))).toBe(true);
  });

  it('refuses other content under a trusted type, and files too short to tell', () => {
    expect(hasSignatureOf('application/pdf', ascii('<html><script>'))).toBe(false);
    expect(hasSignatureOf('image/png', ascii('%PDF-1.7'))).toBe(false);
    expect(hasSignatureOf('video/mp4', ascii('ftyp'))).toBe(false);
    expect(hasSignatureOf('image/jpeg', bytes(0xff))).toBe(false);
  });
});

describe('downloadName', () => {
  it("adds the type's extension to a name without one", () => {
    expect(downloadName('Dental summary', 'application/pdf')).toBe('Dental summary.pdf');
    expect(downloadName('Logo', 'image/jpeg')).toBe('Logo.jpg');
  });

  it('keeps a name that has an extension, and names of unknown types', () => {
    expect(downloadName('summary.PDF', 'application/pdf')).toBe('summary.PDF');
    expect(downloadName('Summary v2', 'application/octet-stream')).toBe('Summary v2');
  });
});
