import { describe, expect, it } from 'vitest';
import { acceptedEncodings } from './precompressed.ts';

describe('the encodings a browser accepts', () => {
  it('are every token named, less those refused with q=0', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.8')]).toEqual(['gzip']);
    expect([...acceptedEncodings('GZIP;q=0.0')]).toEqual([]);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });
});
