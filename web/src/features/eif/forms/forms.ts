import { type EifSubStepId, subStepForm, type SubStepForm } from '@onboard/domain/web';

/** The definition a sub-step page renders: the same one the server validates a save with. */
export function formFor(id: EifSubStepId): SubStepForm {
  return subStepForm(id);
}
