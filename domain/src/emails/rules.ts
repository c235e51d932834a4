import type { EmailKind } from '@onboard/events';
import { emailMessage } from '../explorer/common-rules.ts';
import { codesOf, oneOf } from '../one-of.ts';

/**
 * A client's notification rules: for each kind of e-mail about the client, which of its people receive
 * it (each their own e-mail) and who is copied on every one of them, by role and by address (for
 * example: CC the broker on every NIGO). The client's people are its benefits administrators and brokers,
 * and its implementation consultant (the carrier's staff member named on the client). Kinds without a
 * rule go to their default audience (`DEFAULT_TO`), with no copy.
 */
export const RULE_ROLE_LABELS = {
  BEN_ADMIN: 'Benefits administrators',
  BROKER: 'Brokers',
  CONSULTANT: 'Implementation consultant',
};
export const RULE_ROLES = codesOf(RULE_ROLE_LABELS);
export type RuleRole = (typeof RULE_ROLES)[number];

/** The kinds about a client that the rules govern. */
export const RULE_KINDS = [
  'TASK_NEEDS_ACTION',
  'TASK_DUE_SOON',
  'NEW_DOCUMENT',
  'ONBOARDING_FORM_TO_SIGN',
  'ONBOARDING_FORM_RELEASED',
  'ONBOARDING_FORM_DECLINED',
  'ONBOARDING_FORM_VOIDED',
  'PUSH_FINISHED',
  'PHASE_CHANGE',
  'UPCOMING_DATE',
  'ACTIVELY_AT_WORK_REMINDER',
  'DENTAL',
  'RISK_ACCEPTANCE',
  'POST_ONBOARDING_SURVEY',
  'EIF_SIGNED',
  'EIF_CHANGES_READY_FOR_REVIEW',
  'CENSUS_SUBMITTED',
  'CENSUS_ERRORS',
  'CLIENT_DOCUMENT_UPLOADED',
  'TASK_ACCEPTED',
  'GO_LIVE',
  'TASK_DUE_TODAY',
  'TASK_OVERDUE',
  'TASK_ESCALATED',
  'CONVERSATION_MENTION',
  'EIF_CONFIRM_CHANGES',
] as const satisfies readonly EmailKind[];
export type RuleKind = (typeof RULE_KINDS)[number];

/**
 * Kinds addressed to the one person they concern (a form's recipient: to sign, no longer needed, declined,
 * voided), whatever their role: the rule says only who is copied on each.
 */
export const ADDRESSED_KINDS = [
  'ONBOARDING_FORM_TO_SIGN',
  'ONBOARDING_FORM_RELEASED',
  'ONBOARDING_FORM_DECLINED',
  'ONBOARDING_FORM_VOIDED',
] as const satisfies readonly RuleKind[];
export type AddressedKind = (typeof ADDRESSED_KINDS)[number];
export const isAddressedKind = oneOf(ADDRESSED_KINDS);
export const ADDRESSED_TO_LABEL = 'The form’s recipient it concerns';

export type EmailRule = { kind: RuleKind; to: RuleRole[]; ccRoles: RuleRole[]; ccAddresses: string[] };

const CLIENT_PEOPLE: RuleRole[] = ['BEN_ADMIN', 'BROKER'];
/**
 * Who receives each kind when the client set no rule: news for the client goes to its benefits
 * administrators and brokers; hand-offs to the carrier (a signature, changes to review, a census
 * submitted, a document from the client, a task long past due) to the implementation consultant; the
 * signed form to the consultant and the brokers; go-live to everyone.
 */
const DEFAULT_TO: Partial<Record<RuleKind, RuleRole[]>> = {
  EIF_SIGNED: ['BROKER', 'CONSULTANT'],
  EIF_CHANGES_READY_FOR_REVIEW: ['CONSULTANT'],
  CENSUS_SUBMITTED: ['CONSULTANT'],
  CLIENT_DOCUMENT_UPLOADED: ['CONSULTANT'],
  GO_LIVE: ['BEN_ADMIN', 'BROKER', 'CONSULTANT'],
  TASK_ESCALATED: ['CONSULTANT'],
};

export const defaultRule = (kind: RuleKind): EmailRule => ({
  kind,
  to: [...(DEFAULT_TO[kind] ?? CLIENT_PEOPLE)],
  ccRoles: [],
  ccAddresses: [],
});

/** Every kind's rule: the client's where it set one, the default otherwise. */
export function effectiveRules(rules: readonly EmailRule[]): EmailRule[] {
  return RULE_KINDS.map((kind) => rules.find((r) => r.kind === kind) ?? defaultRule(kind));
}

export type RulePerson = { userId: string; name: string; email: string; role: string };
export type RuleRecipients = { to: RulePerson[]; cc: string[] };

/**
 * Who receives an e-mail of this kind: one e-mail per `to` person, each copied to `cc`. `toRoles`, when
 * given, names the receivers instead of the rule (a reminder goes to whoever owns the task), the rule's
 * copies still apply.
 */
export function recipientsFor(
  rules: readonly EmailRule[],
  kind: RuleKind,
  people: readonly RulePerson[],
  toRoles?: readonly RuleRole[],
): RuleRecipients {
  const rule = effectiveRules(rules).find((r) => r.kind === kind)!;
  const receivers: readonly string[] = toRoles ?? rule.to;
  const to = people.filter((p) => receivers.includes(p.role));
  const toEmails = new Set(to.map((p) => p.email.toLowerCase()));
  const cc = [
    ...people.filter((p) => (rule.ccRoles as string[]).includes(p.role)).map((p) => p.email),
    ...rule.ccAddresses,
  ].filter((address, i, all) => {
    const lower = address.toLowerCase();
    return !toEmails.has(lower) && all.findIndex((a) => a.toLowerCase() === lower) === i;
  });
  return { to, cc };
}

/**
 * Who is copied on an e-mail addressed to one person (an addressed kind): the rule's copied roles and
 * addresses, never the addressee themselves.
 */
export function copiesFor(
  rules: readonly EmailRule[],
  kind: AddressedKind,
  people: readonly RulePerson[],
  addressee: string,
): string[] {
  const rule = effectiveRules(rules).find((r) => r.kind === kind)!;
  const own = addressee.toLowerCase();
  return [
    ...people.filter((p) => (rule.ccRoles as string[]).includes(p.role)).map((p) => p.email),
    ...rule.ccAddresses,
  ].filter((address, i, all) => {
    const lower = address.toLowerCase();
    return lower !== own && all.findIndex((a) => a.toLowerCase() === lower) === i;
  });
}

/** The rules' own checks: known kinds once each, and CC addresses by the e-mail messages of explorer §5. */
export function ruleErrors(rules: readonly EmailRule[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  rules.forEach((rule, i) => {
    if (seen.has(rule.kind)) errors[`body.rules.${i}.kind`] = 'Each kind of e-mail has one rule';
    seen.add(rule.kind);
    rule.ccAddresses.forEach((address, j) => {
      const message = emailMessage(address);
      if (message) errors[`body.rules.${i}.ccAddresses.${j}`] = message;
    });
  });
  return errors;
}
