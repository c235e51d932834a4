/** Progress of an EIF step or sub-step as the step list shows it. */
export const EIF_SECTION_STATUSES = ['Not Started', 'In Progress', 'Completed'] as const;
export type EifSectionStatus = (typeof EIF_SECTION_STATUSES)[number];

/**
 * An answer exists once it holds something: false and 0 are answers, while null, undefined, blank text
 * and an empty list are not.
 */
export function hasAnswer(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * A sub-step's status from the answers to its questions: none answered is Not Started, all answered is
 * Completed, anything between is In Progress. The caller names the questions, because which ones a
 * sub-step asks depends on earlier answers. A sub-step that asks nothing has nothing left to do.
 */
export function eifSubStepStatus(
  answers: Readonly<Record<string, unknown>>,
  questions: readonly string[],
): EifSectionStatus {
  const answered = questions.filter((key) => hasAnswer(answers[key])).length;
  if (answered === questions.length) return 'Completed';
  return answered === 0 ? 'Not Started' : 'In Progress';
}

/** A step's status from its visible sub-steps' statuses. */
export function eifStepStatus(subStepStatuses: readonly EifSectionStatus[]): EifSectionStatus {
  if (subStepStatuses.length === 0) return 'Not Started';
  if (subStepStatuses.every((status) => status === 'Completed')) return 'Completed';
  if (subStepStatuses.every((status) => status === 'Not Started')) return 'Not Started';
  return 'In Progress';
}

/**
 * Onboarding §4 'PFML section status': Completed once any plan has allowPFMLAndSTDConcurrently set,
 * otherwise Not Started. 'Set' means answered: No (false) is an answer as much as Yes.
 */
export function pfmlSectionStatus(
  plans: readonly { allowPFMLAndSTDConcurrently?: boolean | null }[],
): Extract<EifSectionStatus, 'Not Started' | 'Completed'> {
  return plans.some((plan) => hasAnswer(plan.allowPFMLAndSTDConcurrently)) ? 'Completed' : 'Not Started';
}
