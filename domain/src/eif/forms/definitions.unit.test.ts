import { describe, expect, it } from 'vitest';
import { EIF_SUB_STEP_IDS, UnknownEifSubStepError, type EifSubStepId } from '../steps/catalogue.ts';
import {
  ANNUAL_ENROLLMENT_TOO_LONG,
  EIF_FORMS,
  clientFields,
  formForEntity,
  planFields,
  policyFields,
  sectionFields,
  subStepForm,
} from './definitions.ts';
import { normalizeFields, validateFields } from './fields.ts';
import type { FieldDef, FormSection } from './types.ts';

const fieldsOf = (section: FormSection): readonly FieldDef[] => sectionFields(section);
const field = (fields: readonly FieldDef[], key: string) => {
  const found = fields.find((f) => f.key === key);
  if (!found) throw new Error(`no field ${key}`);
  return found;
};
const erisa = () => fieldsOf(subStepForm('erisa').sections[0]!);

describe('EIF form definitions', () => {
  it('given the catalogue, every sub-step has a form with an intro and at least one section', () => {
    expect(EIF_SUB_STEP_IDS).toHaveLength(26);
    for (const id of EIF_SUB_STEP_IDS) {
      const form = subStepForm(id);
      expect(form.id).toBe(id);
      expect(form.intro.length).toBeGreaterThan(20);
      expect(form.sections.length).toBeGreaterThan(0);
    }
    expect(Object.keys(EIF_FORMS).sort()).toEqual([...EIF_SUB_STEP_IDS].sort());
  });

  it('given an id outside the catalogue, subStepForm throws UnknownEifSubStepError', () => {
    expect(() => subStepForm('review-and-submit' as EifSubStepId)).toThrow(UnknownEifSubStepError);
  });

  it('within a sub-step, no entity asks the same key twice', () => {
    for (const id of EIF_SUB_STEP_IDS) {
      const bySection = subStepForm(id).sections.map(fieldsOf);
      for (const fields of bySection) {
        const keys = fields.map((f) => f.key);
        expect(new Set(keys).size, `${id}: ${keys.join(',')}`).toBe(keys.length);
      }
    }
  });

  it('every Client, Policy and Plan attribute is owned by exactly one field across all sub-steps', () => {
    for (const type of ['client', 'policy', 'plan'] as const) {
      const keys = EIF_SUB_STEP_IDS.flatMap((id) =>
        subStepForm(id).sections.flatMap((s) => (s.type === type ? s.fields.map((f) => f.key) : [])),
      );
      const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
      expect(repeated, type).toEqual([]);
    }
    expect(clientFields().map((f) => f.key)).toContain('taxId');
    expect(policyFields().map((f) => f.key)).toContain('billingAdministrationType');
    expect(planFields().map((f) => f.key)).toContain('allowPFMLAndSTDConcurrently');
  });

  it('a collection key asked by several sections is the same kind of question everywhere', () => {
    const kinds = new Map<string, string>();
    for (const id of EIF_SUB_STEP_IDS) {
      for (const section of subStepForm(id).sections) {
        if (section.type !== 'collection') continue;
        for (const f of section.fields) {
          const key = `${section.entity}.${f.key}`;
          expect(kinds.get(key) ?? f.kind, key).toBe(f.kind);
          kinds.set(key, f.kind);
        }
      }
    }
    expect(kinds.get('Contact.email')).toBe('email');
  });

  it('the tax id sub-step asks one client field, taxId, labelled Federal Tax ID (EIN)', () => {
    const [section] = subStepForm('tax-id').sections;
    expect(section?.type).toBe('client');
    expect(fieldsOf(section!).map((f) => [f.key, f.kind, f.label])).toEqual([
      ['taxId', 'taxId', 'Federal Tax ID (EIN)'],
    ]);
  });

  it('formForEntity picks a contact section by its fixed type, and the client fields for Client', () => {
    const webAdmin = formForEntity('Contact', { type: 'WEB_ADMIN' }).map((f) => f.key);
    expect(webAdmin).toEqual(expect.arrayContaining(['email', 'claimsAccess', 'managedLocationIds']));
    const payee = formForEntity('Contact', { type: 'CLAIMS_CHECK_PAYEE' }).map((f) => f.key);
    expect(payee).toContain('address1');
    expect(payee).not.toContain('claimsAccess');
    expect(formForEntity('Contact', { type: 'NO_SUCH_TYPE' })).toEqual([]);
    expect(formForEntity('Location', {}).map((f) => f.key)).toEqual(
      expect.arrayContaining(['name', 'address1', 'zipCode']),
    );
    expect(formForEntity('Client')).toEqual(clientFields());
    expect(formForEntity('EmployeeClass')).toEqual([]);
  });

  it('sectionFields asks nothing of a plan section when no plan is selected', () => {
    const pfml = subStepForm('non-class-benefits-preferences').sections[0]!;
    expect(sectionFields(pfml, { plans: [{ id: 'p1', benefitType: 'LIFE' }] })).toEqual([]);
    expect(sectionFields(pfml, { plans: [{ id: 'p1', benefitType: 'PFML_MA_ASO' }] }).length).toBeGreaterThan(
      0,
    );
  });
});

describe('validation through the definitions', () => {
  it('the ERISA year end uses the onboarding §5 date-of-year messages', () => {
    const base = { erisaPlanType: 'WRAP_PLAN' };
    const yearEnd = (value: unknown) =>
      validateFields(erisa(), { erisaPlanYearEnd: value }, { current: base, partial: true }).erisaPlanYearEnd;
    expect(yearEnd('12-31')).toBe('Date needs to be in the format MM/DD');
    expect(yearEnd('02/30')).toBe('Not a valid date');
    expect(yearEnd('02/29')).toBeUndefined();
    expect(yearEnd('')).toBe('Please provide a response');
  });

  it('given a plan not subject to ERISA, the follow-up questions are neither required nor kept', () => {
    const errors = validateFields(erisa(), { erisaPlanType: 'NOT_SUBJECT_TO_ERISA' });
    expect(errors).toEqual({});
    const stored = normalizeFields(
      erisa(),
      { erisaPlanType: 'NOT_SUBJECT_TO_ERISA' },
      { erisaPlanType: 'WRAP_PLAN', erisaPlanYearEnd: '12/31' },
    );
    expect(stored).toEqual({ erisaPlanType: 'NOT_SUBJECT_TO_ERISA', erisaPlanYearEnd: null });
  });

  it('given a wrap plan, the ERISA details are required with the location rule wording for the address', () => {
    const errors = validateFields(erisa(), { erisaPlanType: 'WRAP_PLAN' });
    expect(errors).toMatchObject({
      erisaPlanAdminName: 'Please provide a response',
      erisaPlanAdminAddress1: 'Address is required',
      erisaPlanAdminCity: 'City is required',
      erisaPlanAdminState: 'State is required',
      erisaPlanAdminZipCode: 'Zip code is required',
      erisaPlanYearEnd: 'Please provide a response',
    });
    expect(errors.erisaPlanAdminAddress2).toBeUndefined();
  });

  it('a subsidiary follows the location rule: required wording and zip format', () => {
    const subsidiary = subStepForm('subsidiaries-and-affiliates').sections[1]!;
    const errors = validateFields(fieldsOf(subsidiary), {
      name: '',
      city: 'Boston',
      state: 'MA',
      zipCode: '0211',
    });
    expect(errors).toEqual({
      name: 'Location name is required',
      address1: 'Address is required',
      zipCode: 'Zip code needs to be in the format ##### or #####-####',
    });
  });

  it('a web administrator needs a valid e-mail, and managed locations only when access is limited', () => {
    const fields = formForEntity('Contact', { type: 'PRIMARY_WEB_ADMIN' });
    const person = { firstName: 'Ana', lastName: 'Li', phoneNumber: '555-123-4567' };
    expect(validateFields(fields, { ...person, email: 'ana@', locationManagementType: 'ALL' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(validateFields(fields, { ...person, locationManagementType: 'ALL' })).toEqual({
      email: 'Email is required',
    });
    const limited = { ...person, email: 'ana@example.com', locationManagementType: 'LIMITED' };
    expect(validateFields(fields, limited)).toEqual({ managedLocationIds: 'Please provide a response' });
    expect(validateFields(fields, { ...limited, managedLocationIds: ['loc-1'] })).toEqual({});
  });

  it('the PFML employer share is a percentage asked only while the contribution is shared', () => {
    const pfml = planFields();
    const percentage = field(pfml, 'pfmlEmployerContributionPercentage');
    expect(percentage.kind).toBe('percentage');
    const shared = { pfmlPremiumContributionType: 'SHARED' };
    expect(
      validateFields(pfml, { pfmlEmployerContributionPercentage: 120 }, { current: shared, partial: true }),
    ).toEqual({ pfmlEmployerContributionPercentage: 'Enter a percentage from 0 to 100' });
    expect(validateFields(pfml, { pfmlPremiumContributionType: 'SHARED' }, { partial: true })).toEqual({});
    const missing = validateFields(pfml, {
      pfmlPremiumContributionType: 'SHARED',
    }).pfmlEmployerContributionPercentage;
    expect(missing).toBe('Please provide a response');
    expect(
      validateFields(pfml, { pfmlPremiumContributionType: 'GROSS_UP' }).pfmlEmployerContributionPercentage,
    ).toBeUndefined();
  });

  it('the FLI excluded groups are required only while FLI does not cover everyone', () => {
    const fli = fieldsOf(subStepForm('fli-preferences').sections[0]!);
    expect(validateFields(fli, { fliCoversAllEmployees: false })).toEqual({
      fliExcludedGroups: 'Please provide a response',
    });
    expect(validateFields(fli, { fliCoversAllEmployees: true })).toEqual({});
  });

  it('an annual enrollment window more than 30 days long is refused, counted across the year end', () => {
    const window = fieldsOf(subStepForm('changes-during-annual-enrollment').sections[0]!);
    const answers = (annualEnrollmentStart: string, annualEnrollmentEnd: string) =>
      validateFields(window, {
        annualEnrollmentChangesAllowed: 'YES',
        annualEnrollmentStart,
        annualEnrollmentEnd,
      });
    expect(answers('11/01', '11/30')).toEqual({});
    expect(answers('12/15', '01/14')).toEqual({});
    expect(answers('12/15', '01/20')).toEqual({ annualEnrollmentEnd: ANNUAL_ENROLLMENT_TOO_LONG });
    expect(answers('11/01', '12/15')).toEqual({ annualEnrollmentEnd: ANNUAL_ENROLLMENT_TOO_LONG });
    // A malformed date gets its own message first, not the window rule.
    expect(answers('11/01', '13/01')).toEqual({ annualEnrollmentEnd: 'Not a valid date' });
  });

  it('a key no form owns is refused', () => {
    expect(validateFields(clientFields(), { taxIdd: '123' }, { partial: true })).toEqual({
      taxIdd: 'This question is not part of this form',
    });
  });

  it('the value-added service offers None as an answer', () => {
    const service = field(clientFields(), 'criticalIllnessValueAddedService');
    expect(validateFields([service], { criticalIllnessValueAddedService: 'NONE' })).toEqual({});
  });

  it('given critical illness is not offered, its rate type and service are neither asked nor required', () => {
    const fields = subStepForm('value-added-services').sections.flatMap(fieldsOf);
    expect(validateFields(fields, { criticalIllnessType: 'NONE' })).toEqual({});
    expect(Object.keys(validateFields(fields, { criticalIllnessType: 'VOLUNTARY' })).sort()).toEqual([
      'criticalIllnessRateType',
      'criticalIllnessValueAddedService',
    ]);
    expect(
      validateFields(fields, {
        criticalIllnessType: 'EMPLOYER_PAID',
        criticalIllnessRateType: 'ISSUE_AGE',
        criticalIllnessValueAddedService: 'NONE',
      }),
    ).toEqual({});
  });

  it('a third-party administrator is a contact of type TPA that names its firm', () => {
    const tpa = subStepForm('plan-administrators').sections.find(
      (s) => s.type === 'collection' && s.fixed?.type === 'TPA',
    );
    expect(tpa).toBeDefined();
    const errors = validateFields(fieldsOf(tpa!), {
      firstName: 'Pat',
      lastName: 'Morgan',
      email: 'pat@tpa.example',
      phoneNumber: '312-555-0142',
    });
    expect(errors).toEqual({ tpaFirmName: expect.any(String) });
  });
});
