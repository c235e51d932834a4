import { BENEFIT_TYPE_SORT_ORDER, type BenefitType, type ExplorerLanguage } from './catalogues.ts';
import { isBlank } from './common-rules.ts';

// ---------------------------------------------------------------------------------------------------
// Support panel and chat (explorer §2 navigation, §4; platform §8, §9)

export { SUPPORT_WIDGET_LOAD_WARNING_MS } from './support-widget.ts';

/** The panel's own states (explorer §4); the chat inside it is loading, ready or unavailable. */
export const SUPPORT_PANEL_STATES = ['collapsed', 'expanding', 'expanded', 'collapsing'] as const;
export type SupportPanelState = (typeof SUPPORT_PANEL_STATES)[number];

/** The next panel state: a toggle while moving reverses the move; the animation's end settles it. */
export function nextSupportPanelState(
  state: SupportPanelState,
  input: 'toggle' | 'close' | 'animationEnd',
): SupportPanelState {
  switch (input) {
    case 'toggle':
      return state === 'collapsed' || state === 'collapsing' ? 'expanding' : 'collapsing';
    case 'close':
      return state === 'collapsed' ? 'collapsed' : 'collapsing';
    case 'animationEnd':
      if (state === 'expanding') return 'expanded';
      if (state === 'collapsing') return 'collapsed';
      return state;
    default: {
      const unreachable: never = input;
      throw new Error(`Unknown panel input ${String(unreachable)}`);
    }
  }
}

/** Chosen: long enough for a question with context, short enough to read in one glance. */
export const SUPPORT_MESSAGE_MAX_LENGTH = 2_000;

export const SUPPORT_MESSAGES = {
  textRequired: 'Please enter a message', // chosen
  tooLong: `Please enter no more than ${SUPPORT_MESSAGE_MAX_LENGTH} characters`, // chosen
} as const;

export function supportMessageError(text: string | null | undefined): string | null {
  if (isBlank(text)) return SUPPORT_MESSAGES.textRequired;
  if ((text ?? '').trim().length > SUPPORT_MESSAGE_MAX_LENGTH) return SUPPORT_MESSAGES.tooLong;
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Human check (the explorer §5 "recaptcha token", behind a port)

/** The message for a token that is present but wrong, expired or already used (chosen wording). */
export const HUMAN_CHECK_INVALID = 'Recaptcha token is invalid';

// ---------------------------------------------------------------------------------------------------
// The e-mail of selected benefits (explorer §5 "Explorer email send")

export type EmailedPlan = { id: string; benefitType: BenefitType; planName: string };

/**
 * The e-mail a visitor sends to themselves: the selected plans grouped by benefit type in the fixed
 * order, and the link back to the page. `categoryName` names a benefit type in the chosen language.
 */
export function selectedBenefitsEmail(input: {
  siteName: string;
  plans: readonly EmailedPlan[];
  language: ExplorerLanguage;
  link: string;
  categoryName: (type: BenefitType) => string;
}): { subject: string; body: string } {
  const es = input.language === 'es';
  const subject = es
    ? `Sus beneficios seleccionados: ${input.siteName}`
    : `Your selected benefits: ${input.siteName}`;
  const lines = [
    es
      ? `Estos son los beneficios que seleccionó en ${input.siteName}.`
      : `Here are the benefits you selected on ${input.siteName}.`,
    '',
  ];
  for (const type of BENEFIT_TYPE_SORT_ORDER) {
    const plans = input.plans.filter((p) => p.benefitType === type);
    if (plans.length === 0) continue;
    lines.push(input.categoryName(type), ...plans.map((p) => `- ${p.planName}`), '');
  }
  lines.push(
    es ? `Vea sus beneficios en: ${input.link}` : `See your benefits at: ${input.link}`,
    es
      ? 'Para inscribirse, comuníquese con el equipo de recursos humanos de su empleador.'
      : 'To enroll, contact your employer’s human resources team.',
  );
  return { subject, body: lines.join('\n') };
}
