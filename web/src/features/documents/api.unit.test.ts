import { describe, expect, it } from 'vitest';
import { fileKindLabel, fileSizeLabel } from '../../ui/format.ts';
import { documentsScreenPath, matchesDocumentSearch, sizeProblem } from './api.ts';

describe('finding and describing documents', () => {
  const bill = { name: 'March bill.pdf', categoryLabel: 'Prior carrier bills', uploadedBy: 'Ben Adler' };

  it('matches every word searched for in the name, category or uploader, in any case', () => {
    expect(matchesDocumentSearch(bill, '')).toBe(true);
    expect(matchesDocumentSearch(bill, 'MARCH carrier')).toBe(true);
    expect(matchesDocumentSearch(bill, 'adler')).toBe(true);
    expect(matchesDocumentSearch(bill, 'april')).toBe(false);
  });

  it('names kinds and sizes in words', () => {
    expect(fileKindLabel('text/csv')).toBe('CSV');
    expect(fileKindLabel('application/x-unknown')).toBe('File');
    expect(fileSizeLabel(56)).toBe('56 bytes');
    expect(fileSizeLabel(20 * 1024 * 1024)).toBe('20.0 MB');
  });

  it('refuses a file over 25 MB before sending it', () => {
    expect(sizeProblem({ name: 'big.pdf', size: 26 * 1024 * 1024 })).toBe(
      'big.pdf: The file is larger than 25 MB',
    );
    expect(sizeProblem({ name: 'ok.pdf', size: 1024 })).toBeNull();
  });

  it('opens the documents screen on a task’s category and policy', () => {
    expect(documentsScreenPath('lakeside')).toBe('/client/lakeside/documents');
    expect(documentsScreenPath('lakeside', { category: 'census', policyId: 'p 1' })).toBe(
      '/client/lakeside/documents?category=census&policyId=p+1',
    );
  });
});
