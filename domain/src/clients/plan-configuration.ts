import { PFML_STATES, STATUTORY_BENEFIT_TYPES } from '../eif/steps/coverage.ts';

/**
 * Plan configuration (platform §7 POST /api/clients/{clientId}/plan-configuration): the EIF Plan entities
 * a client's policies call for. Each policy sells coverages by display name (`slfCoverages`); each
 * coverage is one benefit type (onboarding §3 Plan), and the client configures one plan per benefit type
 * of each policy. Pure: given the policies and the plans already there, which plans to create.
 */

const PFML_STATE_NAMES: Record<(typeof PFML_STATES)[number], string> = {
  CO: 'Colorado',
  CT: 'Connecticut',
  MA: 'Massachusetts',
  OR: 'Oregon',
  WA: 'Washington',
  DE: 'Delaware',
  ME: 'Maine',
  MN: 'Minnesota',
};

/** The PFML code of a coverage name that names its state ('Colorado Paid Family and Medical Leave'). */
function pfmlBenefitType(displayName: string): string | null {
  const state = PFML_STATES.find(
    (code) =>
      new RegExp(`\\b${PFML_STATE_NAMES[code]}\\b`, 'i').test(displayName) ||
      new RegExp(`\\b${code}\\b`).test(displayName),
  );
  if (!state) return null;
  // Washington is sold as ASO only (onboarding §9); elsewhere ASO only when the name says so.
  const aso = state === 'WA' || /\bASO\b|administrative services/i.test(displayName);
  return `PFML_${state}_${aso ? 'ASO' : 'FULLY_INS'}`;
}

// Display names are the carrier's words (free text), matched by pattern. Order matters: the voluntary and
// PFML names are tried before the plain ones they contain.
const COVERAGE_BENEFIT_TYPES: readonly [RegExp, string][] = [
  [/family leave insurance|\bFLI\b/i, 'FLI'],
  [/disability benefits law|\bDBL\b/i, 'DBL'],
  [/temporary disability benefits|\bTDB\b/i, 'TDB'],
  [/temporary disability insurance|\bTDI\b/i, 'TDI'],
  [/employee assistance|\bEAP\b/i, 'EAP'],
  [/sunadvisor.*pay/i, 'SUNADVISOR_TO_PAY'],
  [/sunadvisor/i, 'SUNADVISOR_ADVICE_PLUS'],
  [/voluntary (long[ -]term disability|LTD)/i, 'VOL_LONG_TERM_DISABILITY'],
  [/voluntary (short[ -]term disability|STD)/i, 'VOL_SHORT_TERM_DISABILITY'],
  [/long[ -]term disability|\bLTD\b/i, 'LONG_TERM_DISABILITY'],
  [/short[ -]term disability|\bSTD\b/i, 'SHORT_TERM_DISABILITY'],
  [/(voluntary|supplemental|optional) life/i, 'VOL_LIFE'],
  [/\blife\b/i, 'LIFE'],
  [/dental|DHMO/i, 'DENTAL'],
  [/vision/i, 'VISION'],
  [/accident/i, 'ACCIDENT'],
  [/critical illness/i, 'CRITICAL_ILLNESS'],
  [/hospital indemnity/i, 'HOSPITAL_INDEMNITY'],
];

/** The benefit type a coverage display name stands for; null when the name is not one we know. */
export function benefitTypeOfCoverage(displayName: string): string | null {
  if (/\bPFML\b|paid family (and|&) medical leave/i.test(displayName)) return pfmlBenefitType(displayName);
  // 'Paid Family Leave' (NY statutory) once PFML is ruled out.
  if (/paid family leave|\bPFL\b/i.test(displayName)) return 'PFL';
  return COVERAGE_BENEFIT_TYPES.find(([pattern]) => pattern.test(displayName))?.[1] ?? null;
}

const BENEFIT_TYPE_WORDS: Record<string, string> = {
  EAP: 'Employee Assistance Program',
  FLI: 'Family Leave Insurance',
  DBL: 'Disability Benefits Law',
  PFL: 'Paid Family Leave',
  TDB: 'Temporary Disability Benefits',
  TDI: 'Temporary Disability Insurance',
  VOL_LIFE: 'Voluntary Life',
  LIFE: 'Life',
};

/** A benefit type code in words ('LONG_TERM_DISABILITY' → 'Long Term Disability', 'PFML_CO_ASO' → 'Colorado PFML (ASO)'). */
export function benefitTypeWords(benefitType: string): string {
  const known = BENEFIT_TYPE_WORDS[benefitType];
  if (known) return known;
  const pfml = /^PFML_([A-Z]{2})_(ASO|FULLY_INS)$/.exec(benefitType);
  const state = pfml && PFML_STATE_NAMES[pfml[1] as keyof typeof PFML_STATE_NAMES];
  if (pfml && state) return `${state} PFML (${pfml[2] === 'ASO' ? 'ASO' : 'fully insured'})`;
  return benefitType
    .toLowerCase()
    .split('_')
    .map((word) => (word === 'vol' ? 'Voluntary' : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** Whether a benefit type is a statutory code (NY, NJ, HI), for callers that tell them apart. */
export const isStatutoryBenefitType = (benefitType: string) =>
  Object.hasOwn(STATUTORY_BENEFIT_TYPES, benefitType);

export type ConfigPolicy = { id: string; slfPolicyNumber: string | null; slfCoverages: readonly string[] };
export type ConfigPlan = { id: string; benefitType: string | null; policyId: string | null };

export type PlanToCreate = {
  policyId: string;
  policyNumber: string | null;
  benefitType: string;
  /** The coverage name that calls for it. */
  coverage: string;
};

export type PlanConfiguration = {
  create: PlanToCreate[];
  /** Coverages whose plan is already there: which plan answers them. */
  present: { policyId: string; policyNumber: string | null; benefitType: string; coverage: string }[];
  /** Coverages whose name is no benefit type we know: nothing is created for them. */
  unknown: { policyId: string; policyNumber: string | null; coverage: string }[];
};

/**
 * The plans the policies' coverages call for and the plans do not yet answer: one per benefit type per
 * policy, linked to the policy. A plan of that type already linked to the policy (or linked to none, as
 * plans made before linking were) answers it, so running it again creates nothing.
 */
export function planConfiguration(
  policies: readonly ConfigPolicy[],
  plans: readonly ConfigPlan[],
): PlanConfiguration {
  const result: PlanConfiguration = { create: [], present: [], unknown: [] };
  const unlinked = new Set(plans.filter((p) => !p.policyId).map((p) => p.benefitType));
  for (const policy of [...policies].sort((a, b) => a.id.localeCompare(b.id))) {
    const linked = new Set(plans.filter((p) => p.policyId === policy.id).map((p) => p.benefitType));
    const seen = new Set<string>();
    for (const coverage of policy.slfCoverages) {
      const benefitType = benefitTypeOfCoverage(coverage);
      const where = { policyId: policy.id, policyNumber: policy.slfPolicyNumber };
      if (!benefitType) {
        result.unknown.push({ ...where, coverage });
        continue;
      }
      if (seen.has(benefitType)) continue;
      seen.add(benefitType);
      if (linked.has(benefitType) || unlinked.has(benefitType))
        result.present.push({ ...where, benefitType, coverage });
      else result.create.push({ ...where, benefitType, coverage });
    }
  }
  return result;
}
