import type { EmailKind } from '@onboard/events';

/** Each kind of e-mail in words, as staff read it in the lists and the template previews. */
export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  ACTIVATION: 'Activation and welcome',
  WELCOME: 'Welcome',
  PASSWORD_RESET: 'Password reset',
  OUTSIDE_SIGNER_INVITATION: 'Outside-signer invitation',
  ONBOARDING_FORM_TO_SIGN: 'Onboarding form to sign',
  ONBOARDING_FORM_RELEASED: 'Onboarding form no longer needs you',
  ONBOARDING_FORM_DECLINED: 'Onboarding form declined',
  ONBOARDING_FORM_VOIDED: 'Onboarding form voided',
  NEW_DOCUMENT: 'New document',
  TASK_NEEDS_ACTION: 'Task needs action (NIGO)',
  TASK_DUE_SOON: 'Task due soon',
  PUSH_FINISHED: 'Push to the plan system finished',
  PHASE_CHANGE: 'Phase change',
  UPCOMING_DATE: 'Upcoming date',
  ACTIVELY_AT_WORK_REMINDER: 'Actively-at-work reminder',
  DENTAL: 'Dental',
  RISK_ACCEPTANCE: 'Risk acceptance',
  POST_ONBOARDING_SURVEY: 'Post-onboarding survey',
  EIF_SIGNED: 'Employer Information Form signed',
  EIF_CHANGES_READY_FOR_REVIEW: 'Form changes ready for review',
  CENSUS_SUBMITTED: 'Census submitted',
  CENSUS_ERRORS: 'Census validated with errors',
  CLIENT_DOCUMENT_UPLOADED: 'Document uploaded by the client',
  TASK_ACCEPTED: 'Task accepted',
  GO_LIVE: 'Go-live',
  TASK_DUE_TODAY: 'Task due today',
  TASK_OVERDUE: 'Task past due',
  TASK_ESCALATED: 'Task past due: escalation',
  ONBOARDING_FORM_REMINDER: 'Onboarding form signing reminder',
  CONVERSATION_MENTION: 'Mentioned in a conversation',
  EIF_CONFIRM_CHANGES: 'Changes to confirm since you signed',
  EXPLORER_BENEFITS: 'Benefits Explorer selection',
  EXPLORER_LEAD: 'Benefits Explorer contact request',
  DAILY_DIGEST: 'Daily digest',
  DATA_FEED_READY: 'Data feed ready for production',
  PERSONAL_DATA_ERASED: 'Personal data erased after retention',
  OTHER: 'Other',
};

/**
 * Kinds that carry a single-use personal link (a password, a signature): in a client's e-mail list
 * only staff and the e-mail's own recipients read their body.
 */
export const PERSONAL_LINK_KINDS: readonly EmailKind[] = [
  'ACTIVATION',
  'PASSWORD_RESET',
  'OUTSIDE_SIGNER_INVITATION',
  'ONBOARDING_FORM_REMINDER',
  'ONBOARDING_FORM_TO_SIGN',
];
export const WITHHELD_BODY = 'This e-mail carries a personal link, so only its recipients can read it.';
