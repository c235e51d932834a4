import type { NonClassBenefits } from './catalogue.ts';

/**
 * What kind of coverage a client holds, read from policies' coverage display names and plans' benefit
 * type codes. Both sources count, so a rule holds as soon as either one shows the coverage: a policy may
 * be known before its plans are configured.
 */

/** Onboarding §9: PFML states; WA is sold as ASO only, so there is no PFML_WA_FULLY_INS code. */
export const PFML_STATES = ['CO', 'CT', 'MA', 'OR', 'WA', 'DE', 'ME', 'MN'] as const;
export type PfmlState = (typeof PFML_STATES)[number];

export const PFML_BENEFIT_TYPES: readonly string[] = PFML_STATES.flatMap((state) =>
  state === 'WA' ? [`PFML_${state}_ASO`] : [`PFML_${state}_ASO`, `PFML_${state}_FULLY_INS`],
);

/** Onboarding §9: statutory states. */
export const STATUTORY_STATES = ['NY', 'NJ', 'HI'] as const;
export type StatutoryState = (typeof STATUTORY_STATES)[number];

/**
 * The statutory plan codes of onboarding §3 and their states: NY Disability Benefits Law and Paid Family
 * Leave, NJ Temporary Disability Benefits and Family Leave Insurance, HI Temporary Disability Insurance.
 */
export const STATUTORY_BENEFIT_TYPES: Record<string, StatutoryState> = {
  DBL: 'NY',
  PFL: 'NY',
  TDB: 'NJ',
  FLI: 'NJ',
  TDI: 'HI',
};

/** FLI is statutory (NJ) but has its own sub-step, so it is told apart from the other statutory kinds. */
export type CoverageKind =
  'PFML' | 'STATUTORY' | 'FLI' | 'LONG_TERM_DISABILITY' | 'DENTAL' | 'VISION' | 'OTHER';

export function coverageKindOfBenefitType(benefitType: string): CoverageKind {
  if (PFML_BENEFIT_TYPES.includes(benefitType)) return 'PFML';
  if (benefitType === 'FLI') return 'FLI';
  if (Object.hasOwn(STATUTORY_BENEFIT_TYPES, benefitType)) return 'STATUTORY';
  if (/^(VOL_)?LONG_TERM_DISABILITY/.test(benefitType)) return 'LONG_TERM_DISABILITY';
  // State DHMO codes are dental plans too (onboarding §3 Plan).
  if (/DENTAL|DHMO/.test(benefitType)) return 'DENTAL';
  if (/VISION/.test(benefitType)) return 'VISION';
  return 'OTHER';
}

// Display names are free text in the spec (e.g. 'Long Term Disability'), so they are matched by the
// words a carrier uses for each coverage rather than by an exact list. Order matters: 'Paid Family
// Leave' (NY statutory) must not swallow 'Paid Family and Medical Leave' (PFML), and the PFML test
// runs first.
const DISPLAY_NAME_KINDS: readonly [RegExp, CoverageKind][] = [
  [/\bPFML\b|paid family (and|&) medical leave/i, 'PFML'],
  [/family leave insurance|\bFLI\b/i, 'FLI'],
  [/disability benefits law|\bDBL\b|paid family leave|\bPFL\b|temporary disability|\bTD[BI]\b/i, 'STATUTORY'],
  [/long[ -]term disability|\bLTD\b/i, 'LONG_TERM_DISABILITY'],
  [/dental|DHMO/i, 'DENTAL'],
  [/vision/i, 'VISION'],
];

export function coverageKindOfDisplayName(displayName: string): CoverageKind {
  return DISPLAY_NAME_KINDS.find(([pattern]) => pattern.test(displayName))?.[1] ?? 'OTHER';
}

export const isStatutoryKind = (kind: CoverageKind) => kind === 'STATUTORY' || kind === 'FLI';

export type CoverageSource = {
  policies: readonly { slfCoverages: readonly string[] }[];
  plans: readonly { benefitType: string }[];
};

/** Every coverage the client holds, one kind per coverage name or plan (duplicates kept). */
export function coverageKinds(source: CoverageSource): CoverageKind[] {
  return [
    ...source.policies.flatMap((policy) => policy.slfCoverages.map(coverageKindOfDisplayName)),
    ...source.plans.map((plan) => coverageKindOfBenefitType(plan.benefitType)),
  ];
}

/**
 * Which label the non-class-benefits-preferences sub-step takes (onboarding §3: 'depending on the
 * plans'); null when the client holds neither PFML nor statutory disability or leave. Policies' coverage
 * names count too, so the label is right before the plans are configured. FLI has its own sub-step
 * (fli-preferences), so it does not count here.
 */
export function nonClassBenefitsOf(source: CoverageSource): NonClassBenefits | null {
  const kinds = coverageKinds(source);
  const hasPfml = kinds.includes('PFML');
  const hasStatutory = kinds.includes('STATUTORY');
  if (hasPfml && hasStatutory) return 'PFML_AND_STATUTORY';
  if (hasPfml) return 'PFML';
  if (hasStatutory) return 'STATUTORY';
  return null;
}
