import type { EifSubStepId } from '../../../domain/src/eif/steps/catalogue.ts';
import { subStepForm } from '../../../domain/src/eif/forms/definitions.ts';
import type { SubStepForm } from '../../../domain/src/eif/forms/types.ts';

/** The definition a sub-step page renders: the same one the server validates a save with. */
export function formFor(id: EifSubStepId): SubStepForm {
  return subStepForm(id);
}
