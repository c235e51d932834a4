import { describe, expect, it } from 'vitest';
import { manyOf } from './routes.contract.ts';
import { uniqueZipNames } from './zip.ts';

describe('zipped documents', () => {
  it('get unique names inside the zip, whatever their case', () => {
    expect(uniqueZipNames(['a.pdf', 'A.pdf', 'a.pdf', 'notes', 'notes'])).toEqual([
      'a.pdf',
      'A (2).pdf',
      'a (3).pdf',
      'notes',
      'notes (2)',
    ]);
  });

  it('take ids as ids[] (the spec’s form) or ids, once each', () => {
    expect(manyOf({ 'documentIds[]': ['a', 'b', 'a'] }, 'documentIds')).toEqual(['a', 'b']);
    expect(manyOf({ documentIds: 'a' }, 'documentIds')).toEqual(['a']);
    expect(manyOf({}, 'documentIds')).toEqual([]);
  });
});
