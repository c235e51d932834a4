import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import { downloadName, hasSignatureOf, uploadMimeType } from './document-store.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

describe('uploadMimeType', () => {
  itAnswers(uploadMimeType, {
    'accepts the four upload types, ignoring parameters and case': [
      [['application/pdf'], 'application/pdf'],
      [['Image/PNG; charset=binary'], 'image/png'],
      [['image/jpeg'], 'image/jpeg'],
      [['video/mp4'], 'video/mp4'],
    ],
  });

  it('refuses anything else, or nothing', () => {
    for (const type of ['text/html', 'application/json', 'image/svg+xml', '', null, undefined])
      expect(uploadMimeType(type)).toBeNull();
  });
});

describe('hasSignatureOf', () => {
  itAnswers(hasSignatureOf, {
    'recognises each type by its first bytes': [
      [['application/pdf', ascii('%PDF-1.7\n')], true],
      [['image/png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0)], true],
      [['image/jpeg', bytes(0xff, 0xd8, 0xff, 0xe0)], true],
      [['video/mp4', ascii('\0\0\0\x18ftypmp42')], true],
    ],
    'refuses other content under a trusted type, and files too short to tell': [
      [['application/pdf', ascii('<html><script>')], false],
      [['image/png', ascii('%PDF-1.7')], false],
      [['video/mp4', ascii('ftyp')], false],
      [['image/jpeg', bytes(0xff)], false],
    ],
  });
});

describe('downloadName', () => {
  itAnswers(downloadName, {
    "adds the type's extension to a name without one": [
      [['Dental summary', 'application/pdf'], 'Dental summary.pdf'],
      [['Logo', 'image/jpeg'], 'Logo.jpg'],
    ],
    'keeps a name that has an extension, and names of unknown types': [
      [['summary.PDF', 'application/pdf'], 'summary.PDF'],
      [['Summary v2', 'application/octet-stream'], 'Summary v2'],
    ],
  });
});
