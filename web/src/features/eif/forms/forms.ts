import type { EifSubStepId } from '@onboard/domain/eif/steps/catalogue';
import { subStepForm } from '@onboard/domain/eif/forms/definitions';
import type { SubStepForm } from '@onboard/domain/eif/forms/types';

/** The definition a sub-step page renders: the same one the server validates a save with. */
export function formFor(id: EifSubStepId): SubStepForm {
  return subStepForm(id);
}
