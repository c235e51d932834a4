import { eifStepStatuses, type EifStepProgress, type StatusView } from '../eif/forms/status.ts';
import { eifStepStatus } from '../eif/steps/status.ts';
import type { TaskStatus } from './status.ts';

/** The client-level task the EIF is (onboarding §3 task ids). */
export const EIF_TASK_ID = 'eif-submit-company-information';

/**
 * The EIF task's status (onboarding §4 task status), derived from the form rather than stored, so the
 * due-date badge goes away once the form is signed. Done once signed (later edits are reviewed
 * changes to a submitted form, not unfinished work). Before that, the whole form read as the step list
 * reads a step (eifStepStatus over every visible sub-step): Not Started while no sub-step is begun, else
 * In Progress, even when every sub-step is complete, since the task is done only by the signature. As in
 * the step list, a sub-step that asks this client nothing counts as complete.
 */
export function eifTaskStatusOf(isSigned: boolean, steps: readonly EifStepProgress[]): TaskStatus {
  if (isSigned) return 'Done';
  const form = eifStepStatus(steps.flatMap((step) => step.subSteps.map((subStep) => subStep.status)));
  return form === 'Not Started' ? 'Not Started' : 'In Progress';
}

export function eifTaskStatus(view: StatusView & { eifStatus?: unknown; eifSignedAt?: unknown }): TaskStatus {
  const isSigned =
    view.eifStatus === 'signed' || (typeof view.eifSignedAt === 'string' && view.eifSignedAt !== '');
  return eifTaskStatusOf(isSigned, eifStepStatuses(view));
}

/**
 * Where the task opens when no step is named (`/task/eif-submit-company-information`): the first visible
 * sub-step not yet completed, else the first visible one; null when the client is shown no sub-step
 * (review & submit is all that is left).
 */
export function eifTaskStart(
  steps: readonly EifStepProgress[],
): { stepId: EifStepProgress['id']; subStepId: EifStepProgress['subSteps'][number]['id'] } | null {
  const all = steps.flatMap((step) =>
    step.subSteps.map((subStep) => ({ stepId: step.id, subStepId: subStep.id, status: subStep.status })),
  );
  const target = all.find((s) => s.status !== 'Completed') ?? all[0];
  return target ? { stepId: target.stepId, subStepId: target.subStepId } : null;
}
