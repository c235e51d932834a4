import { describe, expect, it } from 'vitest';
import { missingAnswers, missingAnswerText } from './missing.ts';
import type { StatusView } from './status.ts';
import { subStepForm } from './definitions.ts';
import type { FieldDef } from './types.ts';
import { EIF_SUB_STEP_IDS } from '../steps/catalogue.ts';
import { primaryWebAdmin, statusView } from '../../testing/status-view.ts';

const view = (overrides: Partial<StatusView> = {}): StatusView => statusView({ id: 'acme', ...overrides });

/** Some valid-looking answer per kind: only whether a question is answered matters here. */
function answerOf(field: FieldDef): unknown {
  switch (field.kind) {
    case 'choice':
      return field.enumeration.codes[0];
    case 'multiChoice':
      return field.enumeration.codes.slice(0, 1);
    case 'boolean':
      return true;
    case 'answer':
      return 'YES';
    case 'number':
    case 'percentage':
    case 'month':
      return field.kind === 'number' ? (field.min ?? 1) : 1;
    case 'locations':
      return ['loc-1'];
    case 'contact':
      return 'contact-1';
    default:
      return 'Answered';
  }
}

/** Every client question of every sub-step answered, follow-ups included. */
function allClientAnswers(): Record<string, unknown> {
  const fields = EIF_SUB_STEP_IDS.flatMap((id) =>
    subStepForm(id).sections.flatMap((section) => (section.type === 'client' ? section.fields : [])),
  );
  const values: Record<string, unknown> = {};
  for (let pass = 0; pass < 4; pass++)
    for (const field of fields)
      if (!(field.key in values) && (!field.when || field.when(values))) values[field.key] = answerOf(field);
  return values;
}

describe('missing answers before signing', () => {
  it('lists the tax id of an empty form in words, with its sub-step and route', () => {
    const taxId = missingAnswers(view()).find((m) => m.attributeKey === 'taxId');
    expect(taxId).toEqual({
      stepId: 'company-information',
      subStepId: 'tax-id',
      subStepTitle: 'Tax ID',
      route: 'step/company-information/tax-id',
      label: 'Federal Tax ID (EIN)',
      entity: 'Client',
      entityId: 'acme',
      attributeKey: 'taxId',
      subject: null,
    });
    expect(missingAnswerText(taxId!)).toBe('Tax ID: Federal Tax ID (EIN)');
  });

  it('does not count the tax id alone as a finished form', () => {
    const missing = missingAnswers(view({ taxId: '123456789' }));
    expect(missing.some((m) => m.attributeKey === 'taxId')).toBe(false);
    expect(missing.length).toBeGreaterThan(5);
  });

  it('asks only what a visible sub-step shows: no FLI, malpractice or dental-only questions without those plans', () => {
    const ids = new Set(missingAnswers(view()).map((m) => m.subStepId));
    expect(ids.has('fli-preferences')).toBe(false);
    expect(ids.has('malpractice-reimbursements')).toBe(false);
    expect(ids.has('termination-of-insurance')).toBe(false);
  });

  it('asks a follow-up question only while the answer that shows it holds', () => {
    const withSubsidiaries = missingAnswers(view({ ...allClientAnswers(), hasSubsidiary: true }));
    expect(withSubsidiaries.map((m) => m.label)).toContain('Add at least one subsidiary');
    const without = missingAnswers(view({ ...allClientAnswers(), hasSubsidiary: false }));
    expect(without.map((m) => m.label)).not.toContain('Add at least one subsidiary');
  });

  it('names the policy a policy question is missing for', () => {
    const missing = missingAnswers(view({ policies: [{ id: 'p1', slfPolicyNumber: '9911' }] }));
    const situs = missing.find((m) => m.attributeKey === 'issuedStateSitus');
    expect(situs).toMatchObject({ entity: 'Policy', entityId: 'p1', subject: 'Policy 9911' });
  });

  it('lists an unanswered required question of a list item, and none once answered', () => {
    const incomplete = { id: 's1', name: 'Acme West' };
    const missing = missingAnswers(
      view({ ...allClientAnswers(), hasSubsidiary: true, subsidiaries: [incomplete] }),
    );
    expect(missing.filter((m) => m.entity === 'Subsidiary').map((m) => m.label)).toEqual(
      expect.arrayContaining(['Street address']),
    );
  });

  it('is empty once every required question of every visible sub-step is answered', () => {
    const filled = view({ ...allClientAnswers(), hasSubsidiary: false });
    const left = missingAnswers(filled);
    // What is left are lists needing items: add one of each from the definitions and nothing remains.
    expect(left.every((m) => m.attributeKey === null || m.entity !== 'Client')).toBe(true);
    const withItems = missingAnswers({ ...filled, contacts: [primaryWebAdmin] });
    expect(withItems.filter((m) => m.entity === 'Client')).toEqual([]);
  });
});
