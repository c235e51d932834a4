import { describe, expect, it } from 'vitest';
import { VIEW_COLLECTIONS } from '@onboard/domain/web';
import type { ClientView, PendingChange } from '../../api/types.ts';
import { groupByPlacement, placeAnswer } from './steps.ts';
import { attributeLabel, formatAnswer } from './words.ts';
import { editStateOf, otherAnswers, pendingValue, placeChange } from './view.ts';

const change = (over: Partial<PendingChange>): PendingChange => ({
  changeId: 'c1',
  action: 'update',
  entity: 'Client',
  entityId: 'acme',
  attributes: { taxId: '987654321' },
  previous: { taxId: '123456789' },
  at: '2027-02-01T10:00:00.000Z',
  by: { userId: 'u1', role: 'BEN_ADMIN' },
  ...over,
});

type Collection = (typeof VIEW_COLLECTIONS)[keyof typeof VIEW_COLLECTIONS];
const noEntities = Object.fromEntries(Object.values(VIEW_COLLECTIONS).map((list) => [list, []])) as {
  [List in Collection]: [];
};

const client = (over: Partial<ClientView> = {}): ClientView => ({
  id: 'acme',
  name: 'Acme',
  version: 4,
  taxId: '123456789',
  ...noEntities,
  eifStatus: 'signed',
  eifSignedAt: '2027-01-01T00:00:00.000Z',
  pendingChanges: [],
  pendingReviewCount: 0,
  ...over,
});

describe('placing answers in the EIF', () => {
  it('puts the tax id and other questionnaire fields under their step and sub-step', () => {
    expect(placeAnswer('Client', 'taxId')).toMatchObject({
      step: { id: 'company-information' },
      subStep: { id: 'tax-id', label: 'Tax ID' },
    });
    expect(placeAnswer('Client', 'erisaPlanType').subStep.id).toBe('erisa');
    expect(placeAnswer('Client', 'policyAnniversaryMonth').step.id).toBe('other-contract-details');
    expect(placeAnswer('EmployeeClass', null).subStep.id).toBe('class-builder');
    expect(placeAnswer('Client', 'somethingNew').step.label).toBe('Other');
    expect(placeAnswer('Gadget', null).step.id).toBe('other');
  });

  it('groups changes in the order of the form, Other last', () => {
    const groups = groupByPlacement(
      [
        change({ changeId: 'x', attributes: { mystery: 1 } }),
        change({ changeId: 'e', attributes: { erisaPlanType: 'X' } }),
        change({ changeId: 't' }),
      ],
      placeChange,
    );
    expect(groups.map((g) => g.subStep.id)).toEqual(['tax-id', 'erisa', 'other']);
  });
});

describe('reading a client view', () => {
  it('keeps the accepted value apart from the newest pending value', () => {
    const view = client({
      pendingChanges: [change({}), change({ changeId: 'c2', attributes: { taxId: '111111111' } })],
    });
    expect(view.taxId).toBe('123456789');
    expect(pendingValue(view, 'Client', 'acme', 'taxId')?.value).toBe('111111111');
    expect(pendingValue(view, 'Client', 'acme', 'name')).toBeUndefined();
  });

  it('derives the company-information edit state from the stamps', () => {
    expect(
      editStateOf(
        client({ deifChangesDeclinedAt: '2027-01-05T00:00:00.000Z', deifChangesDeclinedReason: 'No' }),
      ),
    ).toBe('changes-declined-no-new-edits');
    expect(
      editStateOf(
        client({ deifChangesReadyForReviewAt: '2027-02-02T00:00:00.000Z', pendingChanges: [change({})] }),
      ),
    ).toBe('ready-for-review');
    expect(editStateOf(client({ deifChangesAcceptedAt: '2027-01-05T00:00:00.000Z' }))).toBe(
      'changes-accepted',
    );
  });

  it('lists other answers, not bookkeeping', () => {
    expect(otherAnswers(client({ ageRules: 'X', isTest: false } as Partial<ClientView>))).toEqual([
      ['ageRules', 'X'],
    ]);
  });
});

describe('formatting answers', () => {
  it('reads as a person would', () => {
    expect(formatAnswer('taxId', '123456789')).toBe('12-3456789');
    expect(formatAnswer('x', null)).toBe('(empty)');
    expect(formatAnswer('x', true)).toBe('Yes');
    expect(formatAnswer('x', ['Dental', 'Vision'])).toBe('Dental, Vision');
    expect(attributeLabel('policyAnniversaryMonth')).toBe('Policy anniversary month');
  });
});
