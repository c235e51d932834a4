import { describe, expect, it } from 'vitest';
import { ANSWER, type FieldDef } from '@onboard/domain/web';
import {
  changedValues,
  initialFormState,
  isDirty,
  shownWireValues,
  toFormValue,
  toWireValue,
} from './values.ts';

const number: FieldDef = { key: 'n', label: 'N', kind: 'number' };
const percentage: FieldDef = { key: 'p', label: 'P', kind: 'percentage' };
const mmdd: FieldDef = { key: 'd', label: 'D', kind: 'mmdd' };
const taxId: FieldDef = { key: 'taxId', label: 'EIN', kind: 'taxId' };
const hasPlan: FieldDef = { key: 'hasPlan', label: 'Has plan', kind: 'boolean' };
const yearEnd: FieldDef = {
  key: 'yearEnd',
  label: 'Year end',
  kind: 'mmdd',
  when: (v) => v.hasPlan === true,
};
const answer: FieldDef = { key: 'a', label: 'A', kind: 'answer' };
const locations: FieldDef = { key: 'l', label: 'L', kind: 'locations' };

describe('form values and wire values', () => {
  it('turns typed numbers into numbers, and keeps text that is not one so validation can say so', () => {
    expect(toWireValue(number, '42')).toBe(42);
    expect(toWireValue(number, ' 1,250.5 ')).toBe(1250.5);
    expect(toWireValue(percentage, '37.5%')).toBe(37.5);
    expect(toWireValue(number, '')).toBeNull();
    expect(toWireValue(number, '12abc')).toBe('12abc');
    expect(toFormValue(number, 42)).toBe('42');
    expect(toFormValue(number, null)).toBe('');
  });

  it('keeps MM/DD as typed, blanks as null, and shows a tax id with its dash', () => {
    expect(toWireValue(mmdd, '02/30')).toBe('02/30');
    expect(toWireValue(mmdd, '   ')).toBeNull();
    expect(toFormValue(taxId, '123456789')).toBe('12-3456789');
  });

  it('keeps booleans, codes and lists as they are; an empty list is blank', () => {
    expect(toWireValue(hasPlan, false)).toBe(false);
    expect(toWireValue(answer, 'NOT_APPLICABLE')).toBe('NOT_APPLICABLE');
    expect(ANSWER.codes).toContain('NOT_APPLICABLE');
    expect(toWireValue(locations, [])).toBeNull();
    expect(toWireValue(locations, ['loc-1'])).toEqual(['loc-1']);
    expect(toFormValue(locations, undefined)).toEqual([]);
  });
});

describe('dirty detection and what a save sends', () => {
  const fields = [hasPlan, yearEnd, number];
  const stored = { hasPlan: true, yearEnd: '12/31', n: 5 };

  it('is clean as loaded, also when only blanks differ in kind', () => {
    const state = initialFormState(fields, stored);
    expect(isDirty(fields, stored, state)).toBe(false);
    expect(isDirty([locations], { l: null }, initialFormState([locations], { l: null }))).toBe(false);
    expect(isDirty([number], {}, { n: '' })).toBe(false);
  });

  it('sends only the answers that changed, as wire values', () => {
    const state = { ...initialFormState(fields, stored), n: '6' };
    expect(changedValues(fields, stored, state)).toEqual({ n: 6 });
    expect(isDirty(fields, stored, { ...state, n: ' 5 ' })).toBe(false);
  });

  it('clears a hidden follow-up that still holds an answer', () => {
    const state = { ...initialFormState(fields, stored), hasPlan: false };
    expect(changedValues(fields, stored, state)).toEqual({ hasPlan: false, yearEnd: null });
    expect(shownWireValues(fields, stored, state)).toEqual({ hasPlan: false, n: 5 });
  });

  it('compares lists regardless of order', () => {
    expect(isDirty([locations], { l: ['a', 'b'] }, { l: ['b', 'a'] })).toBe(false);
    expect(isDirty([locations], { l: ['a', 'b'] }, { l: ['a'] })).toBe(true);
  });
});
