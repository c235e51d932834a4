import type { EnvelopeStatus } from '../onboarding-forms/decider.ts';
import type { TaskStatus } from './status.ts';

/** The client-level task the onboarding forms are (onboarding §3 task ids). */
export const ONBOARDING_FORMS_TASK_ID = 'onboarding-forms';

/**
 * The onboarding-forms task's status, from the client's forms as they stand (pure): Done once every form
 * sent and not voided is completed, In Progress while one is still being signed (or held by a decline),
 * Not Started when every form sent was voided; null before any form is sent (the task keeps its own).
 */
export function onboardingFormsTaskStatus(forms: readonly EnvelopeStatus[]): TaskStatus | null {
  if (forms.length === 0) return null;
  const live = forms.filter((status) => status !== 'voided');
  if (live.length === 0) return 'Not Started';
  return live.every((status) => status === 'completed') ? 'Done' : 'In Progress';
}
