import { describe, expect, it } from 'vitest';
import { fileSizeLabel } from '../../ui/format.ts';
import { matchesSearch, resourceFileKindLabel } from './api.ts';

describe('finding and describing resources', () => {
  const guide = { title: 'Enrollment guide', description: 'How employees choose their dental plan' };

  it('matches every word searched for in the title or description, in any case', () => {
    expect(matchesSearch(guide, '')).toBe(true);
    expect(matchesSearch(guide, 'ENROLL')).toBe(true);
    expect(matchesSearch(guide, 'guide dental')).toBe(true);
    expect(matchesSearch(guide, 'dental vision')).toBe(false);
  });

  it('reads a file’s size and kind in words', () => {
    expect(fileSizeLabel(35)).toBe('35 bytes');
    expect(fileSizeLabel(12_400)).toBe('12 KB');
    expect(fileSizeLabel(1_468_006)).toBe('1.4 MB');
    expect(resourceFileKindLabel('application/pdf')).toBe('PDF');
    expect(resourceFileKindLabel('application/zip')).toBe('File');
  });
});
