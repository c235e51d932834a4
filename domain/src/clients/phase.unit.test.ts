import { describe, expect, it } from 'vitest';
import { clientPhase } from './phase.ts';

describe('clientPhase', () => {
  it('is live once released, whatever else is open', () => {
    expect(clientPhase({ releaseStatus: 'LIVE', isSetUp: false, eifStatus: null })).toBe('live');
    expect(clientPhase({ releaseStatus: 'LIVE', isSetUp: true, eifStatus: 'pre_sign' })).toBe('live');
  });

  it('is setup until staff finish the checklist, drafts included', () => {
    expect(clientPhase({ releaseStatus: null, isSetUp: false, eifStatus: 'signed' })).toBe('setup');
    expect(clientPhase({ releaseStatus: null, isSetUp: false, eifStatus: null })).toBe('setup');
  });

  it('is eif while the form is unsigned, enrollment once it is signed', () => {
    expect(clientPhase({ releaseStatus: null, isSetUp: true, eifStatus: 'pre_sign' })).toBe('eif');
    expect(clientPhase({ releaseStatus: null, isSetUp: true, eifStatus: null })).toBe('eif');
    expect(clientPhase({ releaseStatus: null, isSetUp: true, eifStatus: 'signed' })).toBe('enrollment');
  });
});
