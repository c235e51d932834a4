import { MAINTENANCE_REASONS, MAINTENANCE_TYPES } from './feed.ts';

/**
 * The carrier's companion guide for 834 files, as data: who receives the files, where the class is
 * carried, which maintenance types and reasons are allowed, and which plan codes stand for which
 * benefit. Staff edit it (the data-feed profile screen); until they do, DEFAULT_PROFILE applies.
 */
export type CompanionGuideProfile = {
  name: string;
  /** ISA08 / GS03: the carrier's interchange and application receiver id. */
  receiverId: string;
  /** The loop 2750 reporting category (N1*75) whose REF*ZZ carries the employee's class. */
  classCategory: string;
  /** The maintenance types (INS03) allowed, each with the reasons (INS04) allowed with it. */
  maintenance: { type: string; reasons: string[] }[];
  /** Which HD03 insurance line (and HD04 plan code, when given) stands for which plan benefit type. */
  plans: { insuranceLine: string; planCode: string; benefitType: string }[];
};

export const DEFAULT_PROFILE: CompanionGuideProfile = {
  name: 'Carrier companion guide (default)',
  receiverId: 'ONBOARDCARRIER',
  classCategory: 'EMPLOYEE CLASS',
  maintenance: [
    { type: '021', reasons: ['28', '02', '05', '32', '41', 'EC', 'AI'] },
    { type: '001', reasons: ['22', '25', '29', '32', '43', 'EC', 'AI'] },
    { type: '024', reasons: ['01', '03', '07', '08', '14', '31', 'AI'] },
    { type: '030', reasons: ['XN', 'AI'] },
  ],
  plans: [
    { insuranceLine: 'DEN', planCode: '', benefitType: 'DENTAL' },
    { insuranceLine: 'VIS', planCode: '', benefitType: 'VISION' },
    { insuranceLine: 'LTD', planCode: '', benefitType: 'LONG_TERM_DISABILITY' },
    { insuranceLine: 'STD', planCode: '', benefitType: 'SHORT_TERM_DISABILITY' },
    { insuranceLine: 'AH', planCode: 'LIFE', benefitType: 'LIFE' },
    { insuranceLine: 'AH', planCode: 'VOL_LIFE', benefitType: 'VOL_LIFE' },
  ],
};

/** The plan benefit type a coverage stands for under the profile; null when no plan code matches. */
export function benefitTypeOf(
  profile: CompanionGuideProfile,
  coverage: { insuranceLine: string; planCode: string },
): string | null {
  const exact = profile.plans.find(
    (p) =>
      p.insuranceLine === coverage.insuranceLine && p.planCode !== '' && p.planCode === coverage.planCode,
  );
  const byLine = profile.plans.find((p) => p.insuranceLine === coverage.insuranceLine && p.planCode === '');
  return (exact ?? byLine)?.benefitType ?? null;
}

/** The coverage a benefit type is written as under the profile (the census → 834 export). */
export function coverageCodeOf(profile: CompanionGuideProfile, benefitType: string) {
  return profile.plans.find((p) => p.benefitType === benefitType) ?? null;
}

export const PROFILE_MESSAGES = {
  name: 'Give the profile a name',
  receiverId: 'The receiver id is 1 to 15 letters, digits or spaces',
  classCategory: 'Name the reporting category that carries the class',
  maintenanceType: (code: string) => `${code || 'An empty code'} is not an 834 maintenance type (INS03)`,
  maintenanceReason: (code: string) => `${code || 'An empty code'} is not an 834 maintenance reason (INS04)`,
  noMaintenance: 'Allow at least one maintenance type',
  duplicateType: (code: string) => `The maintenance type ${code} is listed twice`,
  insuranceLine: 'An insurance line (HD03) is 2 or 3 capital letters',
  planCode: 'A plan code (HD04) is up to 50 letters, digits, spaces or underscores',
  benefitType: 'A benefit type is a plan benefit type code such as DENTAL',
  duplicatePlan: (line: string, code: string) => `${line}${code ? ` ${code}` : ''} is listed twice`,
  noPlans: 'List at least one plan code',
} as const;

/** The problems of a profile by field ('maintenance.1.reasons'...); empty when it can be saved. */
export function profileProblems(profile: CompanionGuideProfile): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!profile.name.trim()) problems.name = PROFILE_MESSAGES.name;
  if (!/^[A-Za-z0-9 ]{1,15}$/.test(profile.receiverId)) problems.receiverId = PROFILE_MESSAGES.receiverId;
  if (!profile.classCategory.trim()) problems.classCategory = PROFILE_MESSAGES.classCategory;
  if (profile.maintenance.length === 0) problems.maintenance = PROFILE_MESSAGES.noMaintenance;
  const types = new Set<string>();
  profile.maintenance.forEach((m, i) => {
    if (!Object.hasOwn(MAINTENANCE_TYPES, m.type))
      problems[`maintenance.${i}.type`] = PROFILE_MESSAGES.maintenanceType(m.type);
    else if (types.has(m.type)) problems[`maintenance.${i}.type`] = PROFILE_MESSAGES.duplicateType(m.type);
    types.add(m.type);
    const bad = m.reasons.find((r) => !Object.hasOwn(MAINTENANCE_REASONS, r));
    if (bad !== undefined) problems[`maintenance.${i}.reasons`] = PROFILE_MESSAGES.maintenanceReason(bad);
  });
  if (profile.plans.length === 0) problems.plans = PROFILE_MESSAGES.noPlans;
  const plans = new Set<string>();
  profile.plans.forEach((p, i) => {
    if (!/^[A-Z]{2,3}$/.test(p.insuranceLine))
      problems[`plans.${i}.insuranceLine`] = PROFILE_MESSAGES.insuranceLine;
    if (!/^[A-Za-z0-9 _]{0,50}$/.test(p.planCode))
      problems[`plans.${i}.planCode`] = PROFILE_MESSAGES.planCode;
    if (!/^[A-Z][A-Z0-9_]*$/.test(p.benefitType))
      problems[`plans.${i}.benefitType`] = PROFILE_MESSAGES.benefitType;
    const key = `${p.insuranceLine}\u001f${p.planCode}`;
    if (plans.has(key))
      problems[`plans.${i}.planCode`] = PROFILE_MESSAGES.duplicatePlan(p.insuranceLine, p.planCode);
    plans.add(key);
  });
  return problems;
}

/**
 * The profile's lists as the staff screen edits them, one entry a line: '021: 28, EC, AI' for the
 * maintenance codes and 'DEN = DENTAL' or 'AH LIFE = LIFE' for the plan codes.
 */
export function maintenanceText(profile: Pick<CompanionGuideProfile, 'maintenance'>) {
  return profile.maintenance.map((m) => `${m.type}: ${m.reasons.join(', ')}`).join('\n');
}
export function plansText(profile: Pick<CompanionGuideProfile, 'plans'>) {
  return profile.plans
    .map((p) => `${p.insuranceLine}${p.planCode ? ` ${p.planCode}` : ''} = ${p.benefitType}`)
    .join('\n');
}
const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
export function parseMaintenanceText(text: string): CompanionGuideProfile['maintenance'] {
  return lines(text).map((line) => {
    const [type = '', reasons = ''] = line.split(':');
    return {
      type: type.trim(),
      reasons: reasons
        .split(/[,\s]+/)
        .map((r) => r.trim().toUpperCase())
        .filter(Boolean),
    };
  });
}
export function parsePlansText(text: string): CompanionGuideProfile['plans'] {
  return lines(text).map((line) => {
    const [code = '', benefitType = ''] = line.split('=');
    const [insuranceLine = '', ...plan] = code.trim().split(/\s+/);
    return {
      insuranceLine: insuranceLine.toUpperCase(),
      planCode: plan.join(' '),
      benefitType: benefitType.trim().toUpperCase(),
    };
  });
}
