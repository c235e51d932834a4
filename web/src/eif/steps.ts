import { formatTaxId } from '../../../domain/src/eif/tax-id.ts';

/**
 * Where an answer lives in the EIF (onboarding §3 "EIF steps and sub-steps"), so reviewers see each
 * change under the step a client filled it in. Answers this table does not place go under 'Other'.
 */
export type SubStep = { id: string; label: string };
export type Step = { id: string; label: string; subSteps: SubStep[] };

const sub = (id: string, label: string): SubStep => ({ id, label });

export const EIF_STEPS: readonly Step[] = [
  {
    id: 'company-information',
    label: 'Company information',
    subSteps: [
      sub('benefits-administration-and-data-feed', 'Benefits administration and data feed'),
      sub('tax-id', 'Tax ID'),
      sub('subsidiaries-and-affiliates', 'Subsidiaries and affiliates'),
      sub('current-sun-life-policies', 'Current policies'),
      sub('previous-coverage-information', 'Previous coverage information'),
    ],
  },
  {
    id: 'plan-administrators-&-billing',
    label: 'Plan administrators & billing',
    subSteps: [
      sub('plan-administrators', 'Plan administrators'),
      sub('billing-preferences', 'Billing preferences'),
      sub('claims-payment-reimbursement', 'Claims payment reimbursement'),
      sub('claims-check-mailing-locations', 'Claims check mailing locations'),
      sub('monthly-claims-reports-and-eobs', 'Monthly claims reports and EOBs'),
      sub('malpractice-reimbursements', 'Malpractice reimbursements'),
    ],
  },
  {
    id: 'plan-configuration-&-eligibility',
    label: 'Plan configuration & eligibility',
    subSteps: [
      sub('class-builder', 'Class builder'),
      sub('non-class-benefits-preferences', 'PFML & Statutory benefits'),
      sub('fli-preferences', 'FLI preferences'),
    ],
  },
  {
    id: 'other-contract-details',
    label: 'Other contract details',
    subSteps: [
      sub('confirm-policy-anniversary', 'Confirm policy anniversary'),
      sub('additional-waiting-period-rules', 'Additional waiting period rules'),
      sub('rehire-provision', 'Rehire provision'),
      sub('union-members-and-domestic-partners', 'Union members and domestic partners'),
      sub('changes-during-annual-enrollment', 'Changes during annual enrollment'),
      sub('termination-of-insurance', 'Termination of insurance'),
      sub('age-rules', 'Age rules'),
      sub('other-changes-to-coverage', 'Other changes to coverage'),
      sub('employee-certificate', 'Employee certificate'),
      sub('section-125', 'Section 125'),
      sub('erisa', 'ERISA'),
      sub('value-added-services', 'Value-added services'),
    ],
  },
];

export const OTHER_STEP: Step = { id: 'other', label: 'Other', subSteps: [sub('other', 'Other')] };

/** Client questionnaire attributes by sub-step; prefixes cover families of flags (e.g. erisa*). */
const CLIENT_ATTRIBUTE_RULES: readonly [RegExp, string][] = [
  [/^taxId$/, 'tax-id'],
  [/^(hasSubsidiary|subsidiar)/i, 'subsidiaries-and-affiliates'],
  [/^(dataFeed|benefitsAdministration|benAdminPlatform)/i, 'benefits-administration-and-data-feed'],
  [/^(priorCarrier|previousCoverage)/i, 'previous-coverage-information'],
  [/^malpractice/i, 'malpractice-reimbursements'],
  [/^needsEmployeeClasses$/, 'class-builder'],
  [/^(allBenefitsNonContributory|pfml|statutory)/i, 'non-class-benefits-preferences'],
  [/^fli/i, 'fli-preferences'],
  [/^policyAnniversary/i, 'confirm-policy-anniversary'],
  [/waitingPeriod/i, 'additional-waiting-period-rules'],
  [/^rehire/i, 'rehire-provision'],
  [/^(unionMembers|domesticPartner)/i, 'union-members-and-domestic-partners'],
  [/annualEnrollment/i, 'changes-during-annual-enrollment'],
  [/^terminationOfInsurance/i, 'termination-of-insurance'],
  [/^ageRules/i, 'age-rules'],
  [/^employeeCertificate/i, 'employee-certificate'],
  [/^section125/i, 'section-125'],
  [/^erisa/i, 'erisa'],
  [/^(criticalIllness|valueAdded)/i, 'value-added-services'],
];

/** Tracked entities (onboarding §3 "Other tracked entities") by sub-step. */
const ENTITY_SUB_STEPS: Record<string, string> = {
  Subsidiary: 'subsidiaries-and-affiliates',
  Policy: 'current-sun-life-policies',
  Contact: 'plan-administrators',
  ContactLocation: 'plan-administrators',
  Bill: 'billing-preferences',
  BillLocation: 'billing-preferences',
  MonthlyClaimsReportMailingLocation: 'monthly-claims-reports-and-eobs',
  EmployeeClass: 'class-builder',
  EmployeeClassPlan: 'class-builder',
};

export type Placement = { step: Step; subStep: SubStep };

function findSubStep(subStepId: string): Placement | null {
  for (const step of EIF_STEPS) {
    const found = step.subSteps.find((s) => s.id === subStepId);
    if (found) return { step, subStep: found };
  }
  return null;
}

const OTHER: Placement = { step: OTHER_STEP, subStep: OTHER_STEP.subSteps[0]! };

/** The step and sub-step an entity's attribute belongs to ('Other' when unknown). */
export function placeAnswer(entity: string, attributeKey: string | null): Placement {
  if (entity === 'Client' && attributeKey) {
    const rule = CLIENT_ATTRIBUTE_RULES.find(([pattern]) => pattern.test(attributeKey));
    return (rule && findSubStep(rule[1])) ?? OTHER;
  }
  const subStepId = ENTITY_SUB_STEPS[entity];
  return (subStepId ? findSubStep(subStepId) : null) ?? OTHER;
}

export type Group<T> = Placement & { items: T[] };

/** Items grouped by sub-step, in the EIF's own order, with 'Other' last. */
export function groupByPlacement<T>(items: readonly T[], placeOf: (item: T) => Placement): Group<T>[] {
  const order = [...EIF_STEPS, OTHER_STEP].flatMap((step) =>
    step.subSteps.map((subStep) => `${step.id}/${subStep.id}`),
  );
  const groups = new Map<string, Group<T>>();
  for (const item of items) {
    const placement = placeOf(item);
    const key = `${placement.step.id}/${placement.subStep.id}`;
    const group = groups.get(key);
    if (group) group.items.push(item);
    else groups.set(key, { ...placement, items: [item] });
  }
  return [...groups].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)).map(([, group]) => group);
}

const ATTRIBUTE_LABELS: Record<string, string> = {
  taxId: 'Federal Tax ID (EIN)',
  name: 'Company name',
  employeesNumber: 'Number of employees',
  slfPolicyNumber: 'Policy number',
  slfCoverages: 'Coverages',
  primaryPolicy: 'Primary policy',
  policyEffective: 'Effective date',
  issuedStateSitus: 'Situs state',
  benefitType: 'Benefit type',
};

/** 'policyAnniversaryMonth' reads 'Policy anniversary month' when no label is set. */
export function attributeLabel(attributeKey: string): string {
  const known = ATTRIBUTE_LABELS[attributeKey];
  if (known) return known;
  const words = attributeKey.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const EMPTY_VALUE = '(empty)';

/** An answer as a person reads it: a tax id as ##-#######, yes/no, lists joined. */
export function formatAnswer(attributeKey: string | null, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (attributeKey === 'taxId' && typeof value === 'string') return formatTaxId(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => formatAnswer(null, v)).join(', ') || EMPTY_VALUE;
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([key]) => key !== 'id')
      .map(([key, v]) => `${attributeLabel(key)}: ${formatAnswer(key, v)}`)
      .join('; ');
  }
  return String(value);
}

/** Roles as people read them, including the outside signer who acts by link. */
const ROLE_NAMES: Record<string, string> = {
  BEN_ADMIN: 'Benefits administrator',
  BROKER: 'Broker',
  SLF_ADMIN: 'Carrier admin',
  SLF_OWNER: 'Carrier owner',
  OUTSIDE_SIGNER: 'Outside signer',
  SYSTEM: 'System',
};

export const roleName = (role: string) => ROLE_NAMES[role] ?? role;

export function formatWhen(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

const SIGNER_KINDS: Record<string, string> = {
  AUTHORIZED_SIGNER: 'Authorized signer',
  BROKER_AS_AUTHORIZED_SIGNER: 'Broker as authorized signer',
  OUTSIDE_SIGNER: 'Outside signer',
};

export const signerKindName = (kind: string | null | undefined) =>
  kind ? (SIGNER_KINDS[kind] ?? kind) : '—';
