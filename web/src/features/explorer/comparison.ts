import {
  type BenefitType,
  type ExplorerLanguage,
  formatCurrency,
  formatPercentage,
} from '@onboard/domain/web';
import type { ExplorerPlanView } from './api.ts';
import { formatDayOfYear, type Messages } from './i18n.ts';

/** One row of a comparison table: its label and each plan's shown value (explorer §3 comparison fields). */
export type ComparisonRow = { label: string; value: (plan: ExplorerPlanView) => string };

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function money(v: unknown, t: Messages): string {
  const n = num(v);
  return n === null ? t.notCovered : formatCurrency(n);
}
function percent(v: unknown, t: Messages): string {
  const n = num(v);
  return n === null ? t.notCovered : formatPercentage(n);
}
function answer(v: unknown, t: Messages): string {
  if (v === 'YES' || v === true) return t.yes;
  if (v === 'NO' || v === false) return t.no;
  if (v === 'NOT_APPLICABLE') return t.notApplicable;
  return t.notCovered;
}

const NETWORKS = [
  ['InNetwork', 'inNetwork'],
  ['OutOfNetwork', 'outOfNetwork'],
] as const;

function medicalRows(t: Messages): ComparisonRow[] {
  const limits = (
    [
      ['PlanYearDeductible', t.deductible],
      ['PlanYearOutOfPocketMax', t.outOfPocketMax],
    ] as const
  ).flatMap(([kind, kindLabel]) =>
    (
      [
        ['Individual', t.individual],
        ['Family', t.family],
      ] as const
    ).flatMap(([who, whoLabel]) =>
      NETWORKS.map(([net, netKey]) => {
        const field = `medical${kind}${who}${net}`;
        return {
          label: `${kindLabel}: ${whoLabel.toLowerCase()}, ${t[netKey]}`,
          value: (p: ExplorerPlanView) =>
            p[`${field}NotApplicable`] === true ? t.notApplicable : money(p[field], t),
        };
      }),
    ),
  );
  return [
    ...limits,
    { label: t.outOfNetworkBenefits, value: (p) => answer(p.medicalOutOfNetworkBenefits, t) },
    {
      label: t.hsaContribution,
      value: (p) => money(p.medicalHealthSavingsAccountEmployerContribution, t),
    },
    { label: t.pcpCoordination, value: (p) => answer(p.medicalPcpCoordinationRequired, t) },
    { label: t.pcpReferral, value: (p) => answer(p.medicalPcpSpecialtyCareReferralRequired, t) },
  ];
}

function dentalRows(t: Messages): ComparisonRow[] {
  const services = (
    [
      ['Preventive', t.preventive],
      ['Basic', t.basic],
      ['Major', t.major],
    ] as const
  ).flatMap(([service, label]) =>
    NETWORKS.map(([net, netKey]) => ({
      label: `${label}: ${t.percentage}, ${t[netKey]}`,
      value: (p: ExplorerPlanView) => percent(p[`dental${service}Coinsurance${net}`], t),
    })),
  );
  const ortho = (who: 'Adult' | 'Child', label: string): ComparisonRow[] => [
    { label: `${label}: ${t.amount}`, value: (p) => money(p[`dentalOrthodontic${who}Amount`], t) },
    { label: `${label}: ${t.percentage}`, value: (p) => percent(p[`dentalOrthodontic${who}Percentage`], t) },
    { label: `${label}: ${t.maximum}`, value: (p) => money(p[`dentalOrthodontic${who}Maximum`], t) },
  ];
  const orthoLabel: Record<string, string> = {
    Adults: t.orthoAdults,
    Children: t.orthoChildren,
    Both: t.orthoBoth,
  };
  return [
    {
      label: t.dentalYearType,
      value: (p) =>
        p.dentalYearType === 'PLAN'
          ? t.planYearType
          : p.dentalYearType === 'CALENDAR'
            ? t.calendarYearType
            : t.notCovered,
    },
    ...services,
    {
      label: t.orthodontics,
      value: (p) => orthoLabel[String(p.dentalOrthodonticServices)] ?? t.notCovered,
    },
    ...ortho('Adult', t.orthoAdult),
    ...ortho('Child', t.orthoChild),
  ];
}

function visionRows(t: Messages): ComparisonRow[] {
  const items = (
    [
      ['Exam', t.exam],
      ['Lenses', t.lenses],
      ['Frames', t.frames],
      ['ContactLenses', t.contactLenses],
    ] as const
  ).flatMap(([item, label]) =>
    NETWORKS.map(([net, netKey]) => ({
      label: `${label}, ${t[netKey]}`,
      value: (p: ExplorerPlanView) => {
        const amount = money(p[`vision${item}${net}`], t);
        return p[`vision${item}BiYearly`] === true ? `${amount} (${t.everyOtherYear})` : amount;
      },
    })),
  );
  const framesOver = NETWORKS.map(([net, netKey]) => ({
    label: `${t.framesOver}, ${t[netKey]}`,
    value: (p: ExplorerPlanView) => percent(p[`visionFramesOverPercentage${net}`], t),
  }));
  return [...items, ...framesOver];
}

function financialRows(t: Messages, language: ExplorerLanguage): ComparisonRow[] {
  return [
    { label: t.fsaRollover, value: (p) => answer(p.financialFSAMoneyRollover, t) },
    { label: t.fsaRolloverAmount, value: (p) => money(p.financialFSAMoneyRolloverAmount, t) },
    {
      label: t.fsaRolloverDate,
      value: (p) =>
        typeof p.financialFSAMoneyRolloverDate === 'string'
          ? formatDayOfYear(p.financialFSAMoneyRolloverDate, language)
          : t.notCovered,
    },
  ];
}

/** The rows compared for a category; null where the category has no comparison. */
export function comparisonRows(
  benefitType: BenefitType,
  t: Messages,
  language: ExplorerLanguage,
): ComparisonRow[] | null {
  switch (benefitType) {
    case 'MEDICAL':
      return medicalRows(t);
    case 'DENTAL':
      return dentalRows(t);
    case 'VISION':
      return visionRows(t);
    case 'FINANCIAL':
      return financialRows(t, language);
    default:
      return null;
  }
}

/** One fact on a plan card: what an employee decides by (explorer §2 formats). */
export type PlanFact = { label: string; value: string };

const hasNumber = (plan: ExplorerPlanView, field: string) => num(plan[field]) !== null;

/**
 * The amounts a plan card shows at a glance, in network: for medical the deductible and out-of-pocket
 * maximum (individual and family), for dental the three coinsurance levels, for vision the exam and the
 * allowances; the comparison table carries the rest. Only fields the plan has are shown.
 */
export function planFacts(plan: ExplorerPlanView, t: Messages): PlanFact[] {
  const facts: PlanFact[] = [];
  const add = (label: string, value: string) => facts.push({ label, value });
  switch (plan.benefitType) {
    case 'MEDICAL': {
      for (const [kind, label] of [
        ['PlanYearDeductible', t.deductible],
        ['PlanYearOutOfPocketMax', t.outOfPocketMax],
      ] as const) {
        const parts = (
          [
            ['Individual', t.individual],
            ['Family', t.family],
          ] as const
        )
          .filter(([who]) => hasNumber(plan, `medical${kind}${who}InNetwork`))
          .map(
            ([who, whoLabel]) =>
              `${money(plan[`medical${kind}${who}InNetwork`], t)} ${whoLabel.toLowerCase()}`,
          );
        if (parts.length > 0) add(`${label}, ${t.inNetwork}`, parts.join(' · '));
      }
      if (hasNumber(plan, 'medicalHealthSavingsAccountEmployerContribution'))
        add(t.hsaContribution, money(plan.medicalHealthSavingsAccountEmployerContribution, t));
      break;
    }
    case 'DENTAL':
      for (const [service, label] of [
        ['Preventive', t.preventive],
        ['Basic', t.basic],
        ['Major', t.major],
      ] as const)
        if (hasNumber(plan, `dental${service}CoinsuranceInNetwork`))
          add(`${label}, ${t.inNetwork}`, percent(plan[`dental${service}CoinsuranceInNetwork`], t));
      for (const who of ['Adult', 'Child'] as const)
        if (hasNumber(plan, `dentalOrthodontic${who}Maximum`))
          add(
            `${who === 'Adult' ? t.orthoAdult : t.orthoChild}: ${t.maximum}`,
            money(plan[`dentalOrthodontic${who}Maximum`], t),
          );
      break;
    case 'VISION':
      for (const [item, label] of [
        ['Exam', t.exam],
        ['Frames', t.frames],
        ['Lenses', t.lenses],
        ['ContactLenses', t.contactLenses],
      ] as const)
        if (hasNumber(plan, `vision${item}InNetwork`)) {
          const amount = money(plan[`vision${item}InNetwork`], t);
          add(
            `${label}, ${t.inNetwork}`,
            plan[`vision${item}BiYearly`] === true ? `${amount} (${t.everyOtherYear})` : amount,
          );
        }
      break;
    default:
      break;
  }
  if (hasNumber(plan, 'outOfPocketCosts')) add(t.outOfPocketCosts, money(plan.outOfPocketCosts, t));
  if (hasNumber(plan, 'wellnessAmount')) add(t.wellnessAmount, money(plan.wellnessAmount, t));
  return facts;
}
