import { describe, expect, it } from 'vitest';
import { conflictNotice } from './TaxIdPage.tsx';

describe('conflictNotice', () => {
  it('tells the user someone else changed the form and shows the new value', () => {
    const fresh = { id: 'c1', name: 'Acme', version: 3, taxId: '987654321', policies: [], plans: [] };
    expect(conflictNotice(fresh)).toContain('changed by someone else');
    expect(conflictNotice(fresh)).toContain('98-7654321');
    expect(conflictNotice({ ...fresh, taxId: null })).toContain('now empty');
  });
});
