import type { EifEntity } from '@onboard/events';
import { GENERAL_MESSAGES } from '../../explorer/common-rules.ts';
import { EIF_SUB_STEP_IDS, parseEifSubStepId, type EifSubStepId } from '../steps/catalogue.ts';
import { coverageKindOfBenefitType, type CoverageKind } from '../steps/coverage.ts';
import {
  ADVANCE_OR_ARREARS,
  BILL_PAYROLL_CYCLE,
  BILL_SPLIT_TYPE,
  BILLING_ADMINISTRATION_TYPE,
  BILLING_STRUCTURE_TYPE,
  BILLING_SUMMARY_STATEMENT_TYPE,
  CLAIMS_CHECK_PAYEE,
  CLAIMS_CHECK_RECIPIENT,
  CRITICAL_ILLNESS_RATE_TYPE,
  CRITICAL_ILLNESS_TYPE,
  CRITICAL_ILLNESS_VALUE_ADDED_SERVICE,
  EAP_BLENDED_WITH,
  ERISA_PLAN_TYPE,
  LOCATION_MANAGEMENT_TYPE,
  PFML_OPTION,
  PFML_PREMIUM_CONTRIBUTION_TYPE,
  TAX_CHOICE,
  TIMING,
} from '../steps/enumerations.ts';
import { FIELD_MESSAGES, areMoreThan30DaysApart, parseDateOfYear } from '../steps/validation.ts';
import { labelled } from '../../one-of.ts';

/** Choices ours: the spec defines 'more than 30 days apart' (onboarding §5); an enrollment window uses it. */
export const ANNUAL_ENROLLMENT_TOO_LONG = 'The annual enrollment period can be at most 30 days long';
import type { FieldDef, FieldValues, FormContext, FormSection, SubStepForm } from './types.ts';

/**
 * Every EIF sub-step's form (onboarding §3 lists each entity's fields; §5 says the other field-level
 * rules are "not shown"). Where the spec names a field but not its choices or rules, the choices here are
 * plain ones a benefits administrator recognises, marked "choices ours". Each Client, Policy and Plan
 * attribute is asked by exactly one sub-step, so the server can find the one rule for any key it is sent.
 */

type CollectionSection = Extract<FormSection, { type: 'collection' }>;
type PlanRow = FormContext['plans'][number];

const kindOf = (plan: PlanRow): CoverageKind => coverageKindOfBenefitType(String(plan.benefitType ?? ''));
const planOfKind =
  (...kinds: CoverageKind[]) =>
  (plan: PlanRow) =>
    kinds.includes(kindOf(plan));

const is =
  (key: string, ...values: unknown[]) =>
  (entity: FieldValues) =>
    values.includes(entity[key]);

// ---------------------------------------------------------------------------------------------------
// Shared field groups

/** The location rule of explorer §5 (name, address, city, state, zip required; address2 optional). */
function addressFields(options: { nameKey?: string; nameLabel?: string } = {}): FieldDef[] {
  const name: FieldDef[] = options.nameKey
    ? [
        {
          key: options.nameKey,
          label: options.nameLabel ?? 'Name',
          kind: 'text',
          maxLength: 200,
          required: true,
          messages: { required: FIELD_MESSAGES.locationNameRequired },
        },
      ]
    : [];
  return [
    ...name,
    {
      key: 'address1',
      label: 'Street address',
      kind: 'text',
      maxLength: 200,
      required: true,
      messages: { required: FIELD_MESSAGES.addressRequired },
    },
    { key: 'address2', label: 'Suite, unit or floor (optional)', kind: 'text', maxLength: 200 },
    {
      key: 'city',
      label: 'City',
      kind: 'text',
      maxLength: 100,
      required: true,
      messages: { required: FIELD_MESSAGES.cityRequired },
    },
    {
      key: 'state',
      label: 'State',
      kind: 'state',
      required: true,
      messages: { required: GENERAL_MESSAGES.stateRequired },
    },
    {
      key: 'zipCode',
      label: 'Zip code',
      kind: 'zip',
      required: true,
      messages: { required: FIELD_MESSAGES.zipCodeRequired },
    },
  ];
}

const locationFields = (nameLabel: string) => addressFields({ nameKey: 'name', nameLabel });

/** A person we may contact; e-mail and phone are required unless the contact is only a mailing address. */
function personFields(options: { emailRequired: boolean; phoneRequired: boolean }): FieldDef[] {
  return [
    { key: 'firstName', label: 'First name', kind: 'text', maxLength: 100, required: true },
    { key: 'lastName', label: 'Last name', kind: 'text', maxLength: 100, required: true },
    { key: 'title', label: 'Job title', kind: 'text', maxLength: 100 },
    {
      key: 'email',
      label: 'Email',
      kind: 'email',
      required: options.emailRequired,
      ...(options.emailRequired ? { messages: { required: FIELD_MESSAGES.emailRequired } } : {}),
    },
    {
      key: 'phoneNumber',
      label: 'Phone number',
      description: 'For example 555-123-4567',
      kind: 'phone',
      required: options.phoneRequired,
    },
    { key: 'faxNumber', label: 'Fax number (optional)', kind: 'phone' },
  ];
}

const dataFeedContact = (type: string, title: string, description: string): CollectionSection => ({
  type: 'collection',
  entity: 'Contact',
  title,
  description,
  itemLabel: 'contact',
  fixed: { type },
  // No minimum: a client that sends no data feeds has no one to name (see the policy question above).
  fields: personFields({ emailRequired: true, phoneRequired: true }),
});

/** A web administrator's access to the carrier's online portal (onboarding §3 Contact, §6). */
const webAdminFields: FieldDef[] = [
  ...personFields({ emailRequired: true, phoneRequired: true }),
  { key: 'claimsAccess', label: 'Claims', description: 'Can see and manage claims', kind: 'boolean' },
  { key: 'billingAccess', label: 'Bills', description: 'Can see bills', kind: 'boolean' },
  { key: 'paymentsAccess', label: 'Payments', description: 'Can pay bills online', kind: 'boolean' },
  {
    key: 'documentsAccess',
    label: 'Policy documents',
    description: 'Can see policy documents',
    kind: 'boolean',
  },
  {
    key: 'memberChangesAccess',
    label: 'Manage employees',
    description: 'Can add employees and change their coverage',
    kind: 'boolean',
  },
  {
    key: 'locationManagementType',
    label: 'Which locations can this person manage?',
    kind: 'choice',
    enumeration: LOCATION_MANAGEMENT_TYPE,
    required: true,
  },
  {
    key: 'managedLocationIds',
    label: 'Locations this person can manage',
    kind: 'locations',
    required: true,
    when: is('locationManagementType', 'LIMITED'),
  },
];

// ---------------------------------------------------------------------------------------------------
// Sub-step forms

const companyInformation = {
  'benefits-administration-and-data-feed': {
    id: 'benefits-administration-and-data-feed',
    intro:
      'Tell us how you administer benefits for each policy and who we work with to set up and run electronic enrollment data feeds.',
    sections: [
      {
        type: 'policy',
        title: 'Benefits administration',
        fields: [
          {
            key: 'usesBenAdminPlatform',
            label: 'Do you use a benefits administration system to enroll employees in this policy?',
            kind: 'answer',
            required: true,
          },
          {
            key: 'benAdminPlatformName',
            label: 'Name of the benefits administration system',
            description: 'For example the enrollment platform your broker or payroll provider runs',
            kind: 'text',
            maxLength: 200,
            required: true,
            when: is('usesBenAdminPlatform', 'YES'),
          },
          {
            key: 'sendsDataFeeds',
            label: 'Will enrollment changes reach us through an electronic data feed?',
            kind: 'answer',
            required: true,
          },
          {
            key: 'dataFeedStartDate',
            label: 'When do you expect the first data feed?',
            kind: 'date',
            when: is('sendsDataFeeds', 'YES'),
          },
        ],
      },
      dataFeedContact(
        'DATA_FEEDS_IMPLEMENTOR',
        'Data feed implementation contact',
        'The person who builds the data feed with us',
      ),
      dataFeedContact(
        'DATA_FEEDS_PRODUCTION_SUPPORT',
        'Data feed production support contact',
        'The person we contact when a data feed file fails once it is running',
      ),
      dataFeedContact(
        'DATA_FEEDS_BEN_ADMIN',
        'Benefits administration system contact',
        'Your contact at the benefits administration system',
      ),
    ],
  },
  'tax-id': {
    id: 'tax-id',
    intro: 'Your federal tax ID identifies your company on the policy and on tax forms for benefit payments.',
    sections: [
      {
        type: 'client',
        fields: [
          {
            key: 'taxId',
            label: 'Federal Tax ID (EIN)',
            description: 'Nine digits, for example 12-3456789',
            kind: 'taxId',
            required: true,
          },
        ],
      },
    ],
  },
  'subsidiaries-and-affiliates': {
    id: 'subsidiaries-and-affiliates',
    intro: 'List the subsidiaries and affiliated companies whose employees are covered under your policies.',
    sections: [
      {
        type: 'client',
        fields: [
          {
            key: 'hasSubsidiary',
            label: 'Do employees of subsidiaries or affiliated companies take part in your benefits?',
            kind: 'boolean',
            required: true,
          },
        ],
      },
      {
        type: 'collection',
        entity: 'Subsidiary',
        title: 'Subsidiaries and affiliates',
        itemLabel: 'subsidiary',
        min: 1,
        when: is('hasSubsidiary', true),
        fields: [
          ...addressFields({ nameKey: 'name', nameLabel: 'Company name' }),
          { key: 'taxId', label: 'Federal Tax ID (EIN) (optional)', kind: 'taxId' },
        ],
      },
    ],
  },
  'current-sun-life-policies': {
    id: 'current-sun-life-policies',
    intro: 'Check the basic facts of each policy you have with us.',
    sections: [
      {
        type: 'policy',
        fields: [
          {
            key: 'issuedStateSitus',
            label: 'State the policy is issued in (situs state)',
            description: 'Usually the state of your headquarters',
            kind: 'state',
            required: true,
          },
          { key: 'policyEffectiveDate', label: 'Policy effective date', kind: 'date', required: true },
          {
            key: 'primaryPolicy',
            label: 'Is this your main policy with us?',
            description: 'Bills and notices that cover several policies are sent under the main one',
            kind: 'boolean',
            required: true,
          },
          {
            key: 'eapIsBlendedWith',
            label: 'Which coverage is the Employee Assistance Program included with?',
            kind: 'choice',
            enumeration: EAP_BLENDED_WITH,
            required: true,
            when: (policy) =>
              Array.isArray(policy.slfCoverages) &&
              policy.slfCoverages.some((name) => /\bEAP\b|employee assistance/i.test(String(name))),
          },
        ],
      },
    ],
  },
  'previous-coverage-information': {
    id: 'previous-coverage-information',
    intro: 'Tell us about coverage your employees had with another carrier before this policy.',
    sections: [
      {
        type: 'policy',
        fields: [
          {
            key: 'hadPriorCoverage',
            label: 'Did another insurance carrier provide this coverage before?',
            kind: 'answer',
            required: true,
          },
          {
            key: 'priorCarrierName',
            label: 'Previous carrier',
            kind: 'text',
            maxLength: 200,
            required: true,
            when: is('hadPriorCoverage', 'YES'),
          },
          {
            key: 'priorCoverageEndDate',
            label: 'Date the previous coverage ended',
            kind: 'date',
            required: true,
            when: is('hadPriorCoverage', 'YES'),
          },
        ],
      },
    ],
  },
} satisfies Partial<Record<EifSubStepId, SubStepForm>>;

const planAdministratorsAndBilling = {
  'plan-administrators': {
    id: 'plan-administrators',
    intro:
      'Name the people who will manage your coverage in our online portal and choose what each of them can do.',
    sections: [
      {
        type: 'collection',
        entity: 'Contact',
        title: 'Primary plan administrator',
        itemLabel: 'primary plan administrator',
        fixed: { type: 'PRIMARY_WEB_ADMIN' },
        min: 1,
        max: 1,
        fields: webAdminFields,
      },
      {
        type: 'collection',
        entity: 'Contact',
        title: 'Other plan administrators',
        itemLabel: 'plan administrator',
        fixed: { type: 'WEB_ADMIN' },
        fields: webAdminFields,
      },
      {
        type: 'collection',
        entity: 'Contact',
        title: 'Third-party administrator (TPA)',
        description: 'If a third-party administrator manages your coverage for you, tell us who they are',
        itemLabel: 'third-party administrator',
        fixed: { type: 'TPA' },
        max: 1,
        fields: [
          { key: 'tpaFirmName', label: 'Firm name', kind: 'text', maxLength: 200, required: true },
          ...personFields({ emailRequired: true, phoneRequired: true }),
        ],
      },
    ],
  },
  'billing-preferences': {
    id: 'billing-preferences',
    intro:
      'Choose how each policy is billed and, if you want separate bills, which locations each bill covers.',
    sections: [
      {
        type: 'policy',
        title: 'Billing',
        fields: [
          {
            key: 'billingAdministrationType',
            label: 'How is the premium worked out?',
            kind: 'choice',
            enumeration: BILLING_ADMINISTRATION_TYPE,
            required: true,
          },
          {
            key: 'billingStructureType',
            label: 'How many bills do you want?',
            kind: 'choice',
            enumeration: BILLING_STRUCTURE_TYPE,
            required: true,
          },
          {
            key: 'billSplitType',
            label: 'How should the bills be split?',
            kind: 'choice',
            enumeration: BILL_SPLIT_TYPE,
            required: true,
            when: is('billingStructureType', 'MULTIPLE_BILLS'),
          },
          {
            key: 'billingSummaryStatementType',
            label: 'What should the billing statement show?',
            kind: 'choice',
            enumeration: BILLING_SUMMARY_STATEMENT_TYPE,
            required: true,
          },
          {
            key: 'billPayrollCycles',
            label: 'How often are your employees paid?',
            description: 'Choose every payroll schedule you use',
            kind: 'multiChoice',
            enumeration: BILL_PAYROLL_CYCLE,
            required: true,
          },
          {
            key: 'advanceOrArrears',
            label: 'Do you pay the premium in advance or in arrears?',
            kind: 'choice',
            enumeration: ADVANCE_OR_ARREARS,
            required: true,
          },
        ],
      },
      {
        type: 'collection',
        entity: 'Bill',
        title: 'Bills',
        itemLabel: 'bill',
        // Only clients with separate bills add them; billingStructureType is a policy answer, so the list
        // is not hidden by a client condition and has no minimum.
        fields: [
          {
            key: 'name',
            label: 'Bill name',
            description: 'For example "West coast offices"',
            kind: 'text',
            maxLength: 200,
            required: true,
          },
          { key: 'locationIds', label: 'Locations on this bill', kind: 'locations', required: true },
        ],
      },
    ],
  },
  'claims-payment-reimbursement': {
    id: 'claims-payment-reimbursement',
    intro:
      'When you keep paying an employee during a disability, we reimburse you. Tell us where to send claim checks and who they are payable to.',
    sections: [
      {
        type: 'plan',
        title: 'Disability claim checks',
        // Reimbursement is for salary the employer kept paying while an employee was disabled, so it
        // is asked of short- and long-term disability plans (state statutory disability excluded).
        plans: (plan) => /DISABILITY/.test(String(plan.benefitType ?? '')),
        fields: [
          {
            key: 'sendClaimsCheckTo',
            label: 'Where should claim checks be sent?',
            kind: 'choice',
            enumeration: CLAIMS_CHECK_RECIPIENT,
            required: true,
          },
          {
            key: 'claimsCheckPayee',
            label: 'Who should reimbursement checks be payable to?',
            kind: 'choice',
            enumeration: CLAIMS_CHECK_PAYEE,
            required: true,
          },
          {
            key: 'planAdminPayeeContactId',
            label: 'Which plan administrator?',
            kind: 'contact',
            contactTypes: ['PRIMARY_WEB_ADMIN', 'WEB_ADMIN'],
            required: true,
            when: is('claimsCheckPayee', 'PLAN_ADMINISTRATOR'),
          },
          {
            key: 'someoneElsePayeeContactId',
            label: 'Who should the checks be payable to?',
            description: 'Add the person below if they are not listed',
            kind: 'contact',
            contactTypes: ['CLAIMS_CHECK_PAYEE'],
            required: true,
            when: is('claimsCheckPayee', 'SOMEONE_ELSE'),
          },
        ],
      },
      {
        type: 'collection',
        entity: 'Contact',
        title: 'Other check payees',
        itemLabel: 'payee',
        fixed: { type: 'CLAIMS_CHECK_PAYEE' },
        fields: [...personFields({ emailRequired: false, phoneRequired: false }), ...addressFields()],
      },
    ],
  },
  'claims-check-mailing-locations': {
    id: 'claims-check-mailing-locations',
    intro:
      'List your company locations. Claim checks sent to the employer go to these addresses, and you can use them for bills and administrator access.',
    sections: [
      {
        type: 'collection',
        entity: 'Location',
        title: 'Locations',
        itemLabel: 'location',
        min: 1,
        fields: locationFields('Location name'),
      },
    ],
  },
  'monthly-claims-reports-and-eobs': {
    id: 'monthly-claims-reports-and-eobs',
    intro:
      'Tell us where to mail the monthly claims report and explanations of benefits (EOBs) for claims paid to your company.',
    sections: [
      {
        type: 'collection',
        entity: 'MonthlyClaimsReportMailingLocation',
        title: 'Mailing addresses',
        itemLabel: 'mailing address',
        min: 1,
        fields: [
          ...addressFields({ nameKey: 'name', nameLabel: 'Send to the attention of' }),
          { key: 'email', label: 'Email for electronic copies (optional)', kind: 'email' },
        ],
      },
    ],
  },
  'malpractice-reimbursements': {
    id: 'malpractice-reimbursements',
    intro:
      'Your long-term disability coverage can reimburse malpractice insurance premiums while a healthcare professional is disabled.',
    sections: [
      {
        type: 'client',
        fields: [
          {
            key: 'malpracticeReimbursementRider',
            label: 'Do you want the malpractice insurance premium reimbursement rider?',
            kind: 'boolean',
            required: true,
          },
          {
            key: 'malpracticeReimbursementPayableTo',
            label: 'Who should the reimbursement be paid to?',
            // Choices ours.
            kind: 'choice',
            enumeration: labelled({ EMPLOYER: 'The employer', EMPLOYEE: 'The employee' }),
            required: true,
            when: is('malpracticeReimbursementRider', true),
          },
        ],
      },
    ],
  },
} satisfies Partial<Record<EifSubStepId, SubStepForm>>;

const PFML_EMPLOYER_PREMIUM_PAYMENTS = labelled({
  // Choices ours: the spec names the field only.
  MONTHLY: 'Monthly',
  QUARTERLY: 'Quarterly, with the state filing',
});

const STATUTORY_CONTRIBUTION_TYPE = labelled({
  // Choices ours.
  EMPLOYER_PAID: 'The employer pays all of it',
  EMPLOYEES_CONTRIBUTE: 'Employees pay part of it',
});

const planConfiguration = {
  'class-builder': {
    id: 'class-builder',
    intro:
      'Group your employees into classes: each class says who is eligible, which plans they get and how much the employer pays.',
    sections: [
      {
        type: 'client',
        fields: [
          {
            key: 'needsEmployeeClasses',
            label:
              'Do different groups of employees get different benefits, eligibility rules or contributions?',
            description: 'If not, one class covers all eligible employees',
            kind: 'boolean',
            required: true,
          },
        ],
      },
      { type: 'classBuilder' },
    ],
  },
  'non-class-benefits-preferences': {
    id: 'non-class-benefits-preferences',
    intro:
      'Paid family and medical leave (PFML) and state disability plans are set up once for all your employees. Answer these questions for each such plan.',
    sections: [
      {
        type: 'plan',
        title: 'Paid family and medical leave (PFML)',
        plans: planOfKind('PFML'),
        fields: [
          {
            key: 'pfmlOption',
            label: 'Which PFML service do you want?',
            kind: 'choice',
            enumeration: PFML_OPTION,
            required: true,
          },
          {
            key: 'pfmlPremiumContributionType',
            label: 'Who pays the PFML premium?',
            kind: 'choice',
            enumeration: PFML_PREMIUM_CONTRIBUTION_TYPE,
            required: true,
          },
          {
            key: 'pfmlEmployerContributionPercentage',
            label: 'Percentage of the premium the employer pays',
            kind: 'percentage',
            required: true,
            when: is('pfmlPremiumContributionType', 'SHARED'),
          },
          {
            key: 'pfmlEmployerPremiumPayments',
            label: 'How often will you pay the PFML premium?',
            kind: 'choice',
            enumeration: PFML_EMPLOYER_PREMIUM_PAYMENTS,
            required: true,
          },
          {
            key: 'pfmlThreeYearLookBackPercent',
            label: 'Average share of the PFML premium employees paid over the last three years',
            description: 'As a percentage; enter 0 if employees paid nothing',
            kind: 'percentage',
          },
          {
            key: 'allowPFMLAndSTDConcurrently',
            label: 'Can employees receive PFML and short-term disability benefits at the same time?',
            kind: 'boolean',
            required: true,
          },
        ],
      },
      {
        type: 'plan',
        title: 'State disability and leave plans',
        plans: planOfKind('STATUTORY'),
        fields: [
          {
            key: 'statutoryContributionType',
            label: 'Who pays for this plan?',
            kind: 'choice',
            enumeration: STATUTORY_CONTRIBUTION_TYPE,
            required: true,
          },
          {
            key: 'statutoryEmployeeContributionPercentage',
            label: 'Percentage of wages employees pay',
            description: 'The state sets a maximum; we will check it when we set up the plan',
            kind: 'percentage',
            required: true,
            when: is('statutoryContributionType', 'EMPLOYEES_CONTRIBUTE'),
          },
        ],
      },
    ],
  },
  'fli-preferences': {
    id: 'fli-preferences',
    intro: 'New Jersey Family Leave Insurance (FLI) pays employees while they care for family members.',
    sections: [
      {
        type: 'client',
        fields: [
          {
            key: 'fliCoversAllEmployees',
            label: 'Does Family Leave Insurance cover all your New Jersey employees?',
            kind: 'boolean',
            required: true,
          },
          {
            key: 'fliExcludedGroups',
            label: 'Which groups of employees are not covered?',
            kind: 'text',
            multiline: true,
            maxLength: 1000,
            required: true,
            when: is('fliCoversAllEmployees', false),
          },
        ],
      },
    ],
  },
} satisfies Partial<Record<EifSubStepId, SubStepForm>>;

const offersCriticalIllness = (client: FieldValues) =>
  client.criticalIllnessType !== undefined &&
  client.criticalIllnessType !== null &&
  client.criticalIllnessType !== 'NONE';

const clientForm = (id: EifSubStepId, intro: string, fields: FieldDef[]): SubStepForm => ({
  id,
  intro,
  sections: [{ type: 'client', fields }],
});

// Choices ours (the spec names ageRules only).
const AGE_RULE = labelled({
  AGE_ON_DATE_OF_CHANGE: "The employee's age on the day they reach it",
  AGE_ON_POLICY_ANNIVERSARY: "The employee's age on the next policy anniversary",
});

// Choices ours.
const COVERAGE_CHANGE_EFFECTIVE = labelled({
  DATE_OF_CHANGE: 'On the date of the change',
  FIRST_OF_NEXT_MONTH: 'On the first day of the following month',
});

// Choices ours.
const CERTIFICATE_DELIVERY = labelled({
  ONLINE: 'Online: employees view and print it themselves',
  PRINTED_TO_EMPLOYER: 'Printed copies mailed to the employer',
});

const erisaShown = (client: FieldValues) =>
  client.erisaPlanType !== null &&
  client.erisaPlanType !== undefined &&
  client.erisaPlanType !== 'NOT_SUBJECT_TO_ERISA';

const otherContractDetails = {
  'confirm-policy-anniversary': clientForm(
    'confirm-policy-anniversary',
    'Your policy anniversary is when rates and plan changes usually take effect each year.',
    [{ key: 'policyAnniversaryMonth', label: 'Policy anniversary month', kind: 'month', required: true }],
  ),
  'additional-waiting-period-rules': clientForm(
    'additional-waiting-period-rules',
    'The waiting period is how long a new employee works before coverage starts. Tell us about any exceptions.',
    [
      {
        key: 'waitingPeriodWaivedOnEffectiveDate',
        label: 'Should employees already working for you when the policy starts skip the waiting period?',
        kind: 'boolean',
        required: true,
      },
      {
        key: 'waitingPeriodCreditsPriorService',
        label: "Does time already served under a previous carrier's waiting period count toward ours?",
        kind: 'boolean',
        required: true,
      },
    ],
  ),
  'rehire-provision': clientForm(
    'rehire-provision',
    'Decide whether employees you rehire within a short time get their coverage back without a new waiting period.',
    [
      {
        key: 'reHireProvision',
        label: 'Should rehired employees skip the waiting period?',
        kind: 'boolean',
        required: true,
      },
      {
        key: 'reHireProvisionMonths',
        label: 'If rehired within how many months?',
        kind: 'number',
        integer: true,
        min: 1,
        max: 24,
        required: true,
        when: is('reHireProvision', true),
      },
      {
        key: 'reHireProvisionTiming',
        label: 'The rehire period counts from',
        kind: 'choice',
        enumeration: TIMING,
        required: true,
        when: is('reHireProvision', true),
      },
    ],
  ),
  'union-members-and-domestic-partners': clientForm(
    'union-members-and-domestic-partners',
    'Tell us whether union members and domestic partners are eligible.',
    [
      {
        key: 'unionMembersEligible',
        label: 'Are employees who are union members eligible for this coverage?',
        kind: 'answer',
        required: true,
      },
      {
        key: 'domesticPartnersEligible',
        label: 'Can employees cover a domestic partner as a dependent?',
        kind: 'answer',
        required: true,
      },
    ],
  ),
  'changes-during-annual-enrollment': clientForm(
    'changes-during-annual-enrollment',
    'An annual enrollment period lets employees join or change their coverage once a year.',
    [
      {
        key: 'annualEnrollmentChangesAllowed',
        label: 'Can employees enroll or change coverage during an annual enrollment period?',
        kind: 'answer',
        required: true,
      },
      {
        key: 'annualEnrollmentStart',
        label: 'Annual enrollment starts on (MM/DD)',
        kind: 'mmdd',
        required: true,
        when: is('annualEnrollmentChangesAllowed', 'YES'),
      },
      {
        key: 'annualEnrollmentEnd',
        label: 'Annual enrollment ends on (MM/DD)',
        kind: 'mmdd',
        required: true,
        when: is('annualEnrollmentChangesAllowed', 'YES'),
        description: 'At most 30 days after it starts; a period may run into the next year',
        check: (end, values) => {
          const start = values.annualEnrollmentStart;
          if (typeof start !== 'string' || parseDateOfYear(start) === null) return null;
          return areMoreThan30DaysApart(start, String(end)) ? ANNUAL_ENROLLMENT_TOO_LONG : null;
        },
      },
    ],
  ),
  'termination-of-insurance': clientForm(
    'termination-of-insurance',
    "Choose when an employee's dental and vision coverage ends after they leave.",
    [
      {
        key: 'terminationOfInsuranceTiming',
        label: 'Coverage ends on',
        kind: 'choice',
        enumeration: TIMING,
        required: true,
      },
    ],
  ),
  'age-rules': clientForm(
    'age-rules',
    'Some rates and benefit amounts change with age. Choose which age we use.',
    [
      {
        key: 'ageRules',
        label: 'Which age do we use for age-based rates and reductions?',
        kind: 'choice',
        enumeration: AGE_RULE,
        required: true,
      },
    ],
  ),
  'other-changes-to-coverage': clientForm(
    'other-changes-to-coverage',
    "Tell us when changes such as a pay raise or a new job class change an employee's coverage.",
    [
      {
        key: 'coverageChangeEffective',
        label: 'Coverage changes take effect',
        kind: 'choice',
        enumeration: COVERAGE_CHANGE_EFFECTIVE,
        required: true,
      },
      {
        key: 'otherCoverageChangeNotes',
        label: 'Anything else we should know about changes to coverage? (optional)',
        kind: 'text',
        multiline: true,
        maxLength: 1000,
      },
    ],
  ),
  'employee-certificate': clientForm(
    'employee-certificate',
    "The certificate describes each employee's coverage. Choose how employees receive it.",
    [
      {
        key: 'employeeCertificateDelivery',
        label: 'How should employees receive their certificate?',
        kind: 'choice',
        enumeration: CERTIFICATE_DELIVERY,
        required: true,
      },
    ],
  ),
  'section-125': clientForm(
    'section-125',
    'A Section 125 (cafeteria) plan lets employees pay their share of premiums before tax.',
    [
      {
        key: 'allBenefitsNonContributory',
        label: 'Does the employer pay the whole premium for every benefit?',
        kind: 'boolean',
        required: true,
      },
      {
        key: 'section125',
        label: 'Do you have a Section 125 (cafeteria) plan?',
        kind: 'answer',
        required: true,
        when: is('allBenefitsNonContributory', false),
      },
      {
        key: 'section125TaxChoice',
        label: 'How are employee contributions taken from pay?',
        kind: 'choice',
        enumeration: TAX_CHOICE,
        required: true,
        when: (client) => client.allBenefitsNonContributory === false && client.section125 === 'YES',
      },
    ],
  ),
  erisa: clientForm(
    'erisa',
    'Most employer benefit plans are governed by ERISA. We print these details in your plan documents.',
    [
      {
        key: 'erisaPlanType',
        label: 'How is your ERISA plan set up?',
        kind: 'choice',
        enumeration: ERISA_PLAN_TYPE,
        required: true,
      },
      {
        key: 'erisaPlanAdminName',
        label: 'Plan administrator (usually your company)',
        kind: 'text',
        maxLength: 200,
        required: true,
        when: erisaShown,
      },
      ...addressFields().map((field): FieldDef => ({
        ...field,
        key: `erisaPlanAdmin${field.key[0]?.toUpperCase()}${field.key.slice(1)}`,
        label: `Plan administrator ${field.label[0]?.toLowerCase()}${field.label.slice(1)}`,
        when: erisaShown,
      })),
      {
        key: 'erisaPlanNumber',
        label: 'ERISA plan number',
        description: 'Welfare plans are numbered from 501 to 999',
        kind: 'number',
        integer: true,
        min: 501,
        max: 999,
        required: true,
        when: erisaShown,
      },
      {
        key: 'erisaPlanYearEnd',
        label: 'Plan year ends on (MM/DD)',
        description: 'For example 12/31',
        kind: 'mmdd',
        required: true,
        when: erisaShown,
      },
      {
        key: 'erisaLegalAgent',
        label: 'Agent for service of legal process',
        description: 'The person or office that accepts legal papers for the plan',
        kind: 'text',
        maxLength: 200,
        required: true,
        when: erisaShown,
      },
    ],
  ),
  'value-added-services': clientForm(
    'value-added-services',
    'Some coverages come with extra services for your employees at no added cost. Choose the ones you want.',
    [
      {
        key: 'criticalIllnessType',
        label: 'How is critical illness coverage offered?',
        kind: 'choice',
        enumeration: CRITICAL_ILLNESS_TYPE,
        required: true,
      },
      {
        key: 'criticalIllnessRateType',
        label: 'How are critical illness premiums rated?',
        kind: 'choice',
        enumeration: CRITICAL_ILLNESS_RATE_TYPE,
        required: true,
        when: offersCriticalIllness,
      },
      {
        key: 'criticalIllnessValueAddedService',
        label: 'Which service should come with critical illness coverage?',
        description: 'Choose None if you want no added service',
        kind: 'choice',
        enumeration: CRITICAL_ILLNESS_VALUE_ADDED_SERVICE,
        required: true,
        when: offersCriticalIllness,
      },
    ],
  ),
} satisfies Partial<Record<EifSubStepId, SubStepForm>>;

export const EIF_FORMS: Readonly<Record<EifSubStepId, SubStepForm>> = {
  ...companyInformation,
  ...planAdministratorsAndBilling,
  ...planConfiguration,
  ...otherContractDetails,
};

/** The form of one sub-step; throws UnknownEifSubStepError for an id outside the catalogue. */
export function subStepForm(id: EifSubStepId): SubStepForm {
  return EIF_FORMS[parseEifSubStepId(id)];
}

/**
 * The fields a section asks given the client's facts: a plan section with no selected plan asks
 * nothing, and the class builder's questions live on its own screens.
 */
export function sectionFields(section: FormSection, ctx?: Pick<FormContext, 'plans'>): readonly FieldDef[] {
  switch (section.type) {
    case 'classBuilder':
      return [];
    case 'plan':
      return ctx && !ctx.plans.some(section.plans) ? [] : section.fields;
    case 'client':
    case 'policy':
    case 'collection':
      return section.fields;
    default: {
      const unknown: never = section;
      throw new Error(`Unknown form section ${JSON.stringify(unknown)}`);
    }
  }
}

/** Every section of every sub-step: the forms are constants, so the list is made once. */
const ALL_SECTIONS: readonly FormSection[] = EIF_SUB_STEP_IDS.flatMap((id) => [...EIF_FORMS[id].sections]);
const allSections = (): readonly FormSection[] => ALL_SECTIONS;

/** The first definition of each key wins; the unit tests make sure a repeated key is the same question. */
function uniqueByKey(fields: readonly FieldDef[]): FieldDef[] {
  const byKey = new Map<string, FieldDef>();
  for (const field of fields) if (!byKey.has(field.key)) byKey.set(field.key, field);
  return [...byKey.values()];
}

const FIELDS_OF_TYPE = new Map<'client' | 'policy' | 'plan', readonly FieldDef[]>();
/** Worked out once per type (every save asks for them); each caller gets its own array. */
const fieldsOfType = (type: 'client' | 'policy' | 'plan'): FieldDef[] => {
  let fields = FIELDS_OF_TYPE.get(type);
  if (!fields) {
    fields = uniqueByKey(allSections().flatMap((section) => (section.type === type ? section.fields : [])));
    FIELDS_OF_TYPE.set(type, fields);
  }
  return [...fields];
};

/** Every Client field any sub-step asks. */
export function clientFields(): FieldDef[] {
  return fieldsOfType('client');
}

/** Every Policy field any sub-step asks. */
export function policyFields(): FieldDef[] {
  return fieldsOfType('policy');
}

/** Every Plan field any sub-step asks (whatever plans a section selects; the server checks the plan). */
export function planFields(): FieldDef[] {
  return fieldsOfType('plan');
}

const matchesFixed = (section: CollectionSection, fixed: Readonly<Record<string, unknown>> | undefined) =>
  fixed === undefined ||
  (section.fixed !== undefined &&
    Object.keys(section.fixed).length === Object.keys(fixed).length &&
    Object.entries(section.fixed).every(([key, value]) => fixed[key] === value));

/** The collection sections that hold an entity's items, optionally only those with these fixed attributes. */
export function collectionSections(
  entity: EifEntity,
  fixed?: Readonly<Record<string, unknown>>,
): CollectionSection[] {
  return allSections().filter(
    (section): section is CollectionSection =>
      section.type === 'collection' && section.entity === entity && matchesFixed(section, fixed),
  );
}

/**
 * The fields that own an entity's attributes, for the server's validation of a save. For collections,
 * `fixed` picks the section (e.g. `{ type: 'WEB_ADMIN' }` for contacts): the fixed attributes themselves
 * are set by the server, not validated as answers, so strip them from the body first. Without `fixed`,
 * every section of the entity counts (a section without fixed attributes is matched by `{}`). Entities
 * no form edits directly (EmployeeClass, BillLocation, ...) have no fields here.
 */
export function formForEntity(entity: EifEntity, fixed?: Readonly<Record<string, unknown>>): FieldDef[] {
  switch (entity) {
    case 'Client':
      return clientFields();
    case 'Policy':
      return policyFields();
    case 'Plan':
      return planFields();
    default: {
      const sections =
        fixed && Object.keys(fixed).length === 0
          ? allSections().filter(
              (section): section is CollectionSection =>
                section.type === 'collection' && section.entity === entity && !section.fixed,
            )
          : collectionSections(entity, fixed);
      return uniqueByKey(sections.flatMap((section) => section.fields));
    }
  }
}

/** The fixed attributes every item of an entity's sections may carry (e.g. the contact types offered). */
export function fixedValuesOf(entity: EifEntity): Readonly<Record<string, string>>[] {
  return collectionSections(entity).flatMap((section) => (section.fixed ? [section.fixed] : []));
}
