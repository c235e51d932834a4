import { describe, expect, it } from 'vitest';
import {
  ALL_ENUMERATIONS,
  FORM_ATTRIBUTE_KEYS,
  OPTION_LABELS,
  actorLabel,
  attributeLabel,
  changeSentence,
  describeEventInWords,
  entityLabel,
  optionLabel,
  personLabel,
  valueLabel,
} from './labels.ts';

const view = {
  locations: [{ id: 'loc-1', name: 'Boston office', city: 'Boston' }],
  contacts: [{ id: 'c-1', firstName: 'Jane', lastName: 'Roe' }],
  plans: [{ id: 'p-1', benefitType: 'LONG_TERM_DISABILITY' }],
};

describe('labels people read', () => {
  it('names an attribute by the question that asks it', () => {
    expect(attributeLabel('Client', 'otherCoverageChangeNotes')).toBe(
      'Anything else we should know about changes to coverage? (optional)',
    );
    expect(attributeLabel('Location', 'name')).toBe('Location name');
    expect(attributeLabel('Client', 'name')).toBe('Company name');
    expect(attributeLabel(null, 'policyAnniversaryMonthX')).toBe('Policy anniversary month x');
  });

  it('names a choice by its option label, never by its code', () => {
    expect(valueLabel('Client', 'erisaPlanType', 'NOT_SUBJECT_TO_ERISA')).toBe(
      'Not subject to ERISA (for example a government or church plan)',
    );
    // A code without its field still reads as its option.
    expect(valueLabel(null, null, 'NOT_SUBJECT_TO_ERISA')).toMatch(/^Not subject to ERISA/);
    expect(optionLabel('LONG_TERM_DISABILITY')).toBe('Long term disability');
    expect(valueLabel(null, 'unknownKey', true)).toBe('Yes');
    expect(valueLabel('Client', 'taxId', '123456789')).toBe('12-3456789');
    expect(valueLabel('Client', 'taxId', null)).toBe('(empty)');
  });

  it('names referenced locations and whole items by what they are called', () => {
    expect(entityLabel('Location', 'loc-1', view)).toBe('Location: Boston office');
    expect(entityLabel('Plan', 'p-1', view)).toBe('Plan: Long term disability');
    expect(entityLabel('Client', 'client-1', view)).toBe('Company');
    // An item gone from the view is named from its own attributes, else by its kind alone.
    expect(entityLabel('Contact', 'gone', view, { firstName: 'Ann', lastName: 'Lee' })).toBe(
      'Contact: Ann Lee',
    );
    expect(entityLabel('Bill', '7c6b86db-1111-4222-8333-944445555666', view)).toBe('Bill');
    expect(valueLabel('Location', 'locationIds', ['loc-1'], view)).not.toContain('loc-1');
  });

  it('words a change as one sentence', () => {
    expect(
      changeSentence({
        entity: 'Location',
        entityId: 'loc-1',
        attributeKey: 'city',
        previous: 'Boston',
        value: 'Cambridge',
        view,
      }),
    ).toBe('Location: Boston office: City changed from Boston to Cambridge');
  });

  it('names people by name and role, and never by id', () => {
    expect(personLabel({ firstName: 'Adam', lastName: 'Alvarez', role: 'SLF_ADMIN' })).toBe(
      'Adam Alvarez (Carrier admin)',
    );
    const id = '7c6b86db-1111-4222-8333-944445555666';
    expect(actorLabel({ userId: id, role: 'SLF_ADMIN' }, { [id]: 'Adam Alvarez (Carrier admin)' })).toBe(
      'Adam Alvarez (Carrier admin)',
    );
    expect(actorLabel({ userId: id, role: 'BROKER' }, {})).toBe('A broker');
  });

  it('knows every option list and form key, so a scan can look for them', () => {
    expect(ALL_ENUMERATIONS.length).toBeGreaterThan(10);
    expect(OPTION_LABELS.get('NOT_SUBJECT_TO_ERISA')).toBeDefined();
    expect(FORM_ATTRIBUTE_KEYS).toContain('otherCoverageChangeNotes');
    for (const label of OPTION_LABELS.values()) expect(label).not.toMatch(/^[A-Z]+(_[A-Z]+)+$/);
  });
});

describe('events in words', () => {
  it('words each change of a save with the item, the question and the options', () => {
    const lines = describeEventInWords(
      {
        type: 'EifEntityChanged',
        data: {
          clientId: 'c',
          entity: 'Client',
          entityId: 'c',
          changes: [
            { attributeKey: 'erisaPlanType', value: 'NOT_SUBJECT_TO_ERISA', previousValue: 'WRAP_PLAN' },
            { attributeKey: 'otherCoverageChangeNotes', value: 'Dental moves', previousValue: null },
          ],
        },
      },
      view,
    );
    expect(lines).toEqual([
      'Company: How is your ERISA plan set up? changed from One plan that wraps all benefits to Not subject to ERISA (for example a government or church plan)',
      'Company: Anything else we should know about changes to coverage? (optional) set to Dental moves',
    ]);
    expect(
      describeEventInWords(
        {
          type: 'EifEntityDeleted',
          data: { clientId: 'c', entity: 'Location', entityId: 'loc-1' },
        },
        view,
      ),
    ).toEqual(['Location: Boston office removed']);
  });
});
