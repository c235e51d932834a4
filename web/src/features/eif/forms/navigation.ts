import type { EifStepId, EifSubStepId, VisibleStep } from '@onboard/domain/web';

/** Paths of the EIF routes (onboarding §2) and moving through the visible sub-steps in form order. */
const TASK = 'eif-submit-company-information';
const taskPath = (clientId: string) => `/client/${encodeURIComponent(clientId)}/task/${TASK}`;

// '&' is a legal path character and the route table matches the ids as written, so they are not encoded.
const eifStepPath = (clientId: string, stepId: string) => `${taskPath(clientId)}/step/${stepId}`;
export const eifSubStepPath = (clientId: string, stepId: string, subStepId: string) =>
  `${eifStepPath(clientId, stepId)}/${subStepId}`;
export const eifReviewPath = (clientId: string) => eifStepPath(clientId, 'review-&-submit');
export const eifSummaryPath = (clientId: string) => `${taskPath(clientId)}/summary`;

export type SubStepRef = { stepId: EifStepId; subStepId: EifSubStepId; label: string };

export function flatSubSteps(steps: readonly VisibleStep[]): SubStepRef[] {
  return steps.flatMap((step) =>
    step.subSteps.map((subStep) => ({ stepId: step.id, subStepId: subStep.id, label: subStep.label })),
  );
}

/** The visible sub-step after this one; null when it is the last (the form goes on to review-&-submit). */
export function nextSubStep(steps: readonly VisibleStep[], subStepId: string): SubStepRef | null {
  const all = flatSubSteps(steps);
  const index = all.findIndex((s) => s.subStepId === subStepId);
  return index === -1 ? null : (all[index + 1] ?? null);
}

/** The visible sub-step before this one; null on the first. */
export function previousSubStep(steps: readonly VisibleStep[], subStepId: string): SubStepRef | null {
  const all = flatSubSteps(steps);
  const index = all.findIndex((s) => s.subStepId === subStepId);
  return index <= 0 ? null : (all[index - 1] ?? null);
}

/** Where `/step/{stepId}` goes: its first visible sub-step, or null (review-&-submit, or a hidden step). */
export function firstSubStepOf(steps: readonly VisibleStep[], stepId: string): SubStepRef | null {
  const step = steps.find((s) => s.id === stepId);
  const first = step?.subSteps[0];
  return step && first ? { stepId: step.id, subStepId: first.id, label: first.label } : null;
}

/** Where the next button of a sub-step leads. */
export function nextPath(clientId: string, steps: readonly VisibleStep[], subStepId: string): string {
  const next = nextSubStep(steps, subStepId);
  return next ? eifSubStepPath(clientId, next.stepId, next.subStepId) : eifReviewPath(clientId);
}
