import { differenceInCalendarDays, format, isBefore, parseISO } from 'date-fns';
import {
  BENEFIT_TYPE_LABELS,
  BENEFIT_TYPE_SORT_ORDER,
  CHAT_DEPARTMENTS,
  COMPARISON_LAUNCH_DATES,
  isMedicalPriceTier,
  OPEN_ENROLLMENT_SEASON,
  SPECIFIED_DISEASE_LABEL,
  SPECIFIED_DISEASE_STATES,
  SUMMARY_DOCUMENTS_PER_BENEFIT_TYPE,
} from './catalogues.ts';
import type {
  BenefitType,
  ChatDepartment,
  DemoEnrollmentStatus,
  ExplorerLanguage,
  MedicalPriceTier,
  PlanType,
} from './catalogues.ts';

/** Page-content rules of explorer §2. Time always comes in as an argument. */

const sortIndex = (type: BenefitType): number => BENEFIT_TYPE_SORT_ORDER.indexOf(type);

// ---------------------------------------------------------------------------------------------------
// Sections and prepaid location

export type BenefitSection<P> = { benefitType: BenefitType; plans: P[] };

/** Plans grouped by benefit type in the fixed sort order; empty types are left out, plan order is kept. */
export function sectionsByBenefitType<P extends { benefitType: BenefitType }>(
  plans: readonly P[],
): BenefitSection<P>[] {
  return BENEFIT_TYPE_SORT_ORDER.map((benefitType) => ({
    benefitType,
    plans: plans.filter((p) => p.benefitType === benefitType),
  })).filter((s) => s.plans.length > 0);
}

/** A benefit-type section with the number of plans its heading shows, or null when the site hides it. */
export type CountedBenefitSection<P> = BenefitSection<P> & { planCount: number | null };

/**
 * explorer §3 showBenefitCount: with it on, each section heading says how many plans it holds. The
 * count is of the plans the visitor sees (after the prepaid-state filter), so it never names a plan the
 * page does not show.
 */
export function countedBenefitSections<P extends { benefitType: BenefitType } & MaybePrepaid>(
  plans: readonly P[],
  chosenState: string | null,
  site: { showBenefitCount?: boolean | null },
): CountedBenefitSection<P>[] {
  return sectionsByBenefitType(visiblePlansForPrepaidLocation(plans, chosenState)).map((section) => ({
    ...section,
    planCount: site.showBenefitCount === true ? section.plans.length : null,
  }));
}

type MaybePrepaid = { prepaidSitusState?: string | null };
const isPrepaid = (plan: MaybePrepaid): boolean => (plan.prepaidSitusState ?? '') !== '';

/**
 * Hides plans bound to another prepaid state than the visitor's chosen location. With no location chosen
 * yet every prepaid plan is hidden (spec silent: chosen, so a visitor never sees another state's prepaid
 * plan); use `hasPrepaidPlans` to decide whether to ask for the location.
 */
export function visiblePlansForPrepaidLocation<P extends MaybePrepaid>(
  plans: readonly P[],
  chosenState: string | null,
): P[] {
  return plans.filter((p) => !isPrepaid(p) || p.prepaidSitusState === chosenState);
}

export const hasPrepaidPlans = (plans: readonly MaybePrepaid[]): boolean => plans.some(isPrepaid);

// ---------------------------------------------------------------------------------------------------
// Comparison, names and formats

/**
 * Comparison opens on the launch day of its category (explorer §9), judged on the visitor's local
 * calendar day; categories without a launch date have no comparison.
 */
export function isComparisonAvailable(benefitType: BenefitType, now: Date): boolean {
  const launch = COMPARISON_LAUNCH_DATES[benefitType];
  return launch !== undefined && format(now, 'yyyy-MM-dd') >= launch;
}

/**
 * The display name of a benefit type; gap and critical illness are Specified Disease in CA, NY and CT
 * (explorer §2). The state is the site's employer state. Spanish falls back to English until translated.
 */
export function benefitTypeLabel(
  benefitType: BenefitType,
  options: { state?: string | null; language?: ExplorerLanguage } = {},
): string {
  const specified =
    (benefitType === 'GAP' || benefitType === 'CRITICAL_ILLNESS') &&
    (SPECIFIED_DISEASE_STATES as readonly (string | null | undefined)[]).includes(options.state);
  const label = specified ? SPECIFIED_DISEASE_LABEL : BENEFIT_TYPE_LABELS[benefitType];
  return (options.language === 'es' ? label.es : null) ?? label.en;
}

/**
 * Plan-type names as a visitor reads them (explorer §9 lists the codes only; the wording is chosen):
 * acronyms stay as the industry writes them in both languages, the rest is translated.
 */
const PLAN_TYPE_LABELS: Record<PlanType, { en: string; es: string }> = {
  HMO: { en: 'HMO', es: 'HMO' },
  EPO: { en: 'EPO', es: 'EPO' },
  POS: { en: 'POS', es: 'POS' },
  PPO: { en: 'PPO', es: 'PPO' },
  MEC: { en: 'MEC', es: 'MEC' },
  OAP: { en: 'OAP', es: 'OAP' },
  DHMO: { en: 'DHMO', es: 'DHMO' },
  ASO_PPO: { en: 'ASO PPO', es: 'ASO PPO' },
  INDEMNITY: { en: 'Indemnity', es: 'Indemnización' },
  EMPLOYER_PAID: { en: 'Employer paid', es: 'Pagado por el empleador' },
  VOLUNTARY: { en: 'Voluntary', es: 'Voluntario' },
  BASIC_LIFE: { en: 'Basic life', es: 'Vida básico' },
  VOLUNTARY_LIFE: { en: 'Voluntary life', es: 'Vida voluntario' },
  STANDALONE_ADD: { en: 'Standalone AD&D', es: 'AD&D independiente' },
  HSA: { en: 'Health Savings Account (HSA)', es: 'Cuenta de ahorros para la salud (HSA)' },
  HRA: { en: 'Health Reimbursement Arrangement (HRA)', es: 'Acuerdo de reembolso de salud (HRA)' },
  FSA: { en: 'Flexible Spending Account (FSA)', es: 'Cuenta de gastos flexibles (FSA)' },
  LPFSA: { en: 'Limited-Purpose FSA', es: 'FSA de uso limitado' },
  DCA: { en: 'Dependent Care Account (DCA)', es: 'Cuenta para el cuidado de dependientes (DCA)' },
  EAP: { en: 'Employee Assistance Program (EAP)', es: 'Programa de asistencia al empleado (EAP)' },
  PFML_FMLA_LEAVE: { en: 'PFML / FMLA leave', es: 'Licencia PFML / FMLA' },
  COMMUTER_TRANSIT: { en: 'Commuter transit', es: 'Transporte al trabajo' },
  DISCOUNT_PROGRAM: { en: 'Discount program', es: 'Programa de descuentos' },
  FITNESS_PROGRAM: { en: 'Fitness program', es: 'Programa de acondicionamiento físico' },
  HEALTH_AND_WELLNESS: { en: 'Health and wellness', es: 'Salud y bienestar' },
  IDENTITY_PROTECTION: { en: 'Identity protection', es: 'Protección de identidad' },
  LEGAL_SERVICES: { en: 'Legal services', es: 'Servicios legales' },
  PET_INSURANCE: { en: 'Pet insurance', es: 'Seguro para mascotas' },
  RETIREMENT: { en: 'Retirement', es: 'Jubilación' },
  TELEHEALTH: { en: 'Telehealth', es: 'Telesalud' },
  TRAVEL_INSURANCE: { en: 'Travel insurance', es: 'Seguro de viaje' },
  OTHER: { en: 'Other', es: 'Otro' },
};

/** A plan type's name in the visitor's language; a code outside the catalogue is shown as words. */
export function planTypeLabel(planType: string, language: ExplorerLanguage): string {
  const label = (PLAN_TYPE_LABELS as Partial<Record<string, { en: string; es: string }>>)[planType];
  if (label) return label[language];
  const words = planType.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const DOLLARS_AND_CENTS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 });

/**
 * explorer §2: '$0,0' for whole dollars, '$0,0.00' when the amount has cents ($10.50, never '$11'). An
 * amount is judged after rounding to the cent, so a stored 10.004 is '$10', not '$10.00'.
 */
export function formatCurrency(amount: number): string {
  const hasCents = Math.round(Math.abs(amount) * 100) % 100 !== 0;
  return (hasCents ? DOLLARS_AND_CENTS : WHOLE_DOLLARS).format(amount);
}

/** A percentage held as 0-100 (the plan fields' scale), formatted for en-US: 80 -> '80%'. */
export function formatPercentage(percent: number): string {
  return PERCENT.format(percent / 100);
}

/** The price tier a medical plan carries (explorer §2), or null for other plans or no tier. */
export function medicalPriceTier(plan: {
  benefitType: BenefitType;
  premium?: string | null;
}): MedicalPriceTier | null {
  return plan.benefitType === 'MEDICAL' && isMedicalPriceTier(plan.premium) ? plan.premium : null;
}

// ---------------------------------------------------------------------------------------------------
// Summary documents and highlighters

/**
 * Up to 15 summary documents per benefit type, the first of each document key kept (onboarding §9),
 * in the order given.
 */
export function summaryDocumentsByBenefitType<D extends { benefitType: BenefitType; documentKey: string }>(
  documents: readonly D[],
  limit = SUMMARY_DOCUMENTS_PER_BENEFIT_TYPE,
): Partial<Record<BenefitType, D[]>> {
  const result: Partial<Record<BenefitType, D[]>> = {};
  const seen = new Map<BenefitType, Set<string>>();
  for (const doc of documents) {
    const keys = seen.get(doc.benefitType) ?? new Set<string>();
    seen.set(doc.benefitType, keys);
    const list = (result[doc.benefitType] ??= []);
    if (keys.has(doc.documentKey) || list.length >= limit) continue;
    keys.add(doc.documentKey);
    list.push(doc);
  }
  return result;
}

export type BenefitTypeMetadata = {
  highlighterText?: string | null;
  spanishHighlighterText?: string | null;
  highlighterOrder?: number | null;
};
export type BenefitTypeHighlighter = { benefitType: BenefitType; text: string };

/**
 * The site's highlighter texts in their highlighterOrder; types without an order follow, and ties fall
 * back to the fixed benefit-type order. Types without text are left out. In Spanish a missing Spanish
 * text falls back to the English one (chosen: better than an empty highlighter).
 */
export function benefitTypeHighlighters(
  metadata: Partial<Record<BenefitType, BenefitTypeMetadata>>,
  language: ExplorerLanguage,
): BenefitTypeHighlighter[] {
  const order = (m: BenefitTypeMetadata): number => m.highlighterOrder ?? Number.POSITIVE_INFINITY;
  return BENEFIT_TYPE_SORT_ORDER.flatMap((benefitType) => {
    const meta = metadata[benefitType];
    if (meta === undefined) return [];
    const text = ((language === 'es' ? meta.spanishHighlighterText : null) || meta.highlighterText) ?? '';
    return text.trim() === '' ? [] : [{ benefitType, text, meta }];
  })
    .sort((a, b) => order(a.meta) - order(b.meta) || sortIndex(a.benefitType) - sortIndex(b.benefitType))
    .map(({ benefitType, text }) => ({ benefitType, text }));
}

// ---------------------------------------------------------------------------------------------------
// Enrollment status, call to action, navigation

export type EnrollmentSite = {
  isLive: boolean;
  openEnrollmentStart?: string | null;
  openEnrollmentEnd?: string | null;
};

/** Only a site that is not live shows the demo banner with its pre/active/post switches (explorer §2). */
export const showsDemoBanner = (site: { isLive: boolean }): boolean => !site.isLive;

/**
 * pre before the first open-enrollment day, post after the last, active in between (both days
 * inclusive, on the local calendar). A site that is not live may be switched by the demo banner; a live
 * site ignores the switch. A missing date leaves that side open (chosen).
 */
export function enrollmentStatus(
  site: EnrollmentSite,
  now: Date,
  demoStatus?: DemoEnrollmentStatus | null,
): DemoEnrollmentStatus {
  if (!site.isLive && demoStatus) return demoStatus;
  const start = site.openEnrollmentStart ? parseISO(site.openEnrollmentStart) : null;
  const end = site.openEnrollmentEnd ? parseISO(site.openEnrollmentEnd) : null;
  if (start !== null && differenceInCalendarDays(now, start) < 0) return 'pre';
  if (end !== null && differenceInCalendarDays(now, end) > 0) return 'post';
  return 'active';
}

/** onboarding §9: 20 Nov to 31 Jan inclusive, across the year end, on the local calendar. */
export function isOpenEnrollmentSeason(now: Date): boolean {
  const md = (now.getMonth() + 1) * 100 + now.getDate();
  const { start, end } = OPEN_ENROLLMENT_SEASON;
  return md >= start.month * 100 + start.day || md <= end.month * 100 + end.day;
}

/**
 * The call to action to the benefits administration platform (explorer §2: "when the open-enrollment
 * dates apply"). Chosen reading: it needs the platform url; a site with its own open-enrollment dates
 * shows it while its status is active (so the demo switch drives it on a site that is not live); a site
 * without dates follows the season of onboarding §9.
 */
export function showsBenAdminCallToAction(
  site: EnrollmentSite & { benAdminPlatformUrl?: string | null },
  now: Date,
  demoStatus?: DemoEnrollmentStatus | null,
): boolean {
  if (!site.benAdminPlatformUrl) return false;
  const hasDates = Boolean(site.openEnrollmentStart || site.openEnrollmentEnd);
  if (hasDates || (!site.isLive && demoStatus)) return enrollmentStatus(site, now, demoStatus) === 'active';
  return isOpenEnrollmentSeason(now);
}

/** explorer §4 Site availability: open, in maintenance mode, or not started yet (before startsAt). */
export type ExplorerAvailability = 'open' | 'maintenance' | 'notStarted';

type AvailabilitySite = { maintenanceMode?: boolean | null; startsAt?: string | null };

/** Maintenance wins over a future start: the visitor is told the one reason that lasts longer. */
export function explorerAvailability(site: AvailabilitySite, now: Date): ExplorerAvailability {
  if (site.maintenanceMode === true) return 'maintenance';
  return site.startsAt && isBefore(now, parseISO(site.startsAt)) ? 'notStarted' : 'open';
}

/** The navigation is hidden in maintenance mode or before the site starts (explorer §2, §4). */
export const isExplorerNavigationHidden = (site: AvailabilitySite, now: Date): boolean =>
  explorerAvailability(site, now) !== 'open';

/**
 * platform §9: the chat department is the live one only when the page is live, live chat is enabled and
 * the environment is not a demo; otherwise the demo department.
 */
export function liveChatDepartment(
  page: { isLive: boolean; enableContactUsLiveChat?: boolean | null },
  environment: { isDemo: boolean },
): ChatDepartment {
  return page.isLive && page.enableContactUsLiveChat === true && !environment.isDemo
    ? CHAT_DEPARTMENTS.live
    : CHAT_DEPARTMENTS.demo;
}

export type ContactSite = {
  enableContactUsLiveChat?: boolean | null;
  enableContactUsAppointment?: boolean | null;
  enableContactUsEmail?: boolean | null;
  customCalendlyLink?: string | null;
};

/** One way the support panel offers to reach the provider (explorer §3 contact options). */
export type ContactOption = { kind: 'liveChat' } | { kind: 'appointment'; url: string } | { kind: 'email' };

/** Only a web address may become a link a visitor follows (never javascript: or a relative path). */
const isWebAddress = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/**
 * The contact options the support panel offers, exactly the ones the site enables (explorer §3): live
 * chat with enableContactUsLiveChat (which department answers is liveChatDepartment's business);
 * booking a call with enableContactUsAppointment and a calendar link that is a web address; e-mail with
 * enableContactUsEmail. Chat comes first: it answers at once. An empty list means no support launcher.
 */
export function contactOptions(site: ContactSite): ContactOption[] {
  const options: ContactOption[] = [];
  if (site.enableContactUsLiveChat === true) options.push({ kind: 'liveChat' });
  const link = site.customCalendlyLink?.trim() ?? '';
  if (site.enableContactUsAppointment === true && isWebAddress(link))
    options.push({ kind: 'appointment', url: link });
  if (site.enableContactUsEmail === true) options.push({ kind: 'email' });
  return options;
}

/** explorer §2: only when the language toggle is on and the client is not a large client. */
export function showsLanguageDialog(page: {
  languageFeatureToggle?: boolean | null;
  largeClientFeatureToggle?: boolean | null;
}): boolean {
  return page.languageFeatureToggle === true && page.largeClientFeatureToggle !== true;
}

/**
 * The large-client feature toggle's default (explorer §3 read-only): until staff set the `largeClient`
 * toggle (domain/src/feature-toggles), it is derived from the site's employee count (chosen threshold:
 * large-group business starts at 1,000).
 */
export const LARGE_CLIENT_MIN_EMPLOYEES = 1_000;
export const isLargeClient = (site: { employeeCount?: number | null }): boolean =>
  (site.employeeCount ?? 0) >= LARGE_CLIENT_MIN_EMPLOYEES;

export type MedicalVideoSite = {
  medicalVideo?: string | null;
  medicalVideoEnglishTitle?: string | null;
  medicalVideoSpanishTitle?: string | null;
  medicalVideoDocumentId?: string | null;
  vidyardId?: string | null;
};

/**
 * The medical video the page shows (explorer §3 site fields, §5: NO_VIDEO, ENGLISH_VIDEO,
 * ENGLISH_AND_SPANISH_VIDEO), or null. The Spanish title is used in Spanish only when the site has a
 * Spanish video; the player reference is the Vidyard id, else the uploaded document.
 */
export function medicalVideoOf(
  site: MedicalVideoSite,
  language: ExplorerLanguage,
): { title: string | null; vidyardId: string | null; documentId: string | null } | null {
  const option = site.medicalVideo ?? 'NO_VIDEO';
  if (option === 'NO_VIDEO') return null;
  const vidyardId = site.vidyardId?.trim() || null;
  const documentId = site.medicalVideoDocumentId?.trim() || null;
  if (vidyardId === null && documentId === null) return null;
  const spanish =
    language === 'es' && option === 'ENGLISH_AND_SPANISH_VIDEO'
      ? site.medicalVideoSpanishTitle?.trim()
      : null;
  return { title: spanish || site.medicalVideoEnglishTitle?.trim() || null, vidyardId, documentId };
}
