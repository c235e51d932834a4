import { describe, expect, it } from 'vitest';
import type { EifEvent } from '@onboard/events';
import { fold } from './decider.ts';
import { describeEifEvent, diffForms } from './history.ts';
import { clientAnswerSet, clientCreated } from '../testing/eif-events.ts';

const clientId = 'c-1';
const created = clientCreated(clientId);
const taxId = clientAnswerSet(clientId, 'taxId', '123456789');
const location: EifEvent = {
  type: 'EifEntityCreated',
  data: { clientId, entity: 'Location', entityId: 'loc-1', attributes: { city: 'Oslo' } },
};

describe('EIF history', () => {
  it('lists what changed between two points of the form', () => {
    expect(diffForms(fold([created]), fold([created, taxId, location]))).toEqual([
      {
        entity: 'Client',
        entityId: clientId,
        attributeKey: 'taxId',
        then: null,
        now: '123456789',
        kind: 'changed',
      },
      {
        entity: 'Location',
        entityId: 'loc-1',
        attributeKey: null,
        then: null,
        now: { city: 'Oslo' },
        kind: 'added',
      },
    ]);
    expect(diffForms(fold([created, location]), fold([created]))[0]).toMatchObject({
      kind: 'removed',
      entityId: 'loc-1',
    });
    expect(diffForms(fold([created, taxId]), fold([created, taxId]))).toEqual([]);
  });

  it('describes events for the timeline', () => {
    expect(describeEifEvent(taxId)).toBe('Company: Federal Tax ID (EIN) set to 12-3456789');
    expect(
      describeEifEvent({
        type: 'EifChangesDeclined',
        data: {
          clientId,
          changeIds: ['a'],
          reason: 'Wrong number',
          by: { userId: 'u', role: 'SLF_ADMIN' },
          at: 't',
        },
      }),
    ).toBe('1 change declined: Wrong number');
  });
});
