import {
  EIF_STEP_IDS,
  EIF_STEP_LABELS,
  EIF_STEPS,
  assertNeverSubStep,
  eifSubStepLabel,
  type EifStepId,
  type EifSubStepId,
} from './catalogue.ts';
import {
  coverageKindOfBenefitType,
  coverageKinds,
  isStatutoryKind,
  nonClassBenefitsOf,
  type CoverageKind,
  type CoverageSource,
} from './coverage.ts';

export type VisibilityInput = CoverageSource & {
  /** The client's healthcareProfessionalsSegment answer (onboarding §3 Client). */
  healthcareProfessionalsSegment: boolean | null | undefined;
};

export type VisibleSubStep = { id: EifSubStepId; label: string };
export type VisibleStep = { id: EifStepId; label: string; subSteps: VisibleSubStep[] };

/** The facts about a client's coverages that the visibility rules ask about. */
type Facts = {
  hasFli: boolean;
  hasHealthcareLtd: boolean;
  hasClassEligibleCoverage: boolean;
  hasNonClassBenefits: boolean;
  hasDentalOrVisionPlan: boolean;
  isStatutoryOrPfmlOnly: boolean;
  isStatutoryOnly: boolean;
};

const isStatutoryOrPfml = (kind: CoverageKind) => kind === 'PFML' || isStatutoryKind(kind);

// "All coverages are ..." is false for a client with no coverage yet: nothing is known to be statutory,
// so the form shows the general sub-steps rather than hiding them.
const allOf = (kinds: readonly CoverageKind[], test: (kind: CoverageKind) => boolean) =>
  kinds.length > 0 && kinds.every(test);

function factsOf(input: VisibilityInput): Facts {
  const kinds = coverageKinds(input);
  return {
    hasFli: kinds.includes('FLI'),
    hasHealthcareLtd: input.healthcareProfessionalsSegment === true && kinds.includes('LONG_TERM_DISABILITY'),
    // Reading of 'eligible coverages' (onboarding §4): employee classes configure class-based group
    // benefits. Statutory (NY/NJ/HI, FLI included) and PFML coverages are set up once for the whole
    // employer in the non-class sub-steps, so every other coverage is eligible for the class builder.
    hasClassEligibleCoverage: kinds.some((kind) => !isStatutoryOrPfml(kind)),
    // The spec lists no rule for this sub-step, but its label exists only for PFML or statutory plans
    // (onboarding §3), so without either there is nothing for it to ask.
    hasNonClassBenefits: nonClassBenefitsOf(input) !== null,
    // "dental or vision type plans": plan benefit types only, as the spec words it.
    hasDentalOrVisionPlan: input.plans.some((plan) => {
      const kind = coverageKindOfBenefitType(plan.benefitType);
      return kind === 'DENTAL' || kind === 'VISION';
    }),
    isStatutoryOrPfmlOnly: allOf(kinds, isStatutoryOrPfml),
    isStatutoryOnly: allOf(kinds, isStatutoryKind),
  };
}

/**
 * Reading of 'Steps are hidden when all coverages are statutory or PFML-only' (onboarding §4): the
 * contract-provision sub-steps of other-contract-details describe a class-based group contract and do
 * not apply, so they are hidden. confirm-policy-anniversary has its own, narrower rule (only NY/NJ/HI
 * statutory hides it: a PFML policy still has an anniversary); if it is hidden too the whole step goes,
 * because a step with no visible sub-step is hidden.
 */
function isShown(id: EifSubStepId, facts: Facts): boolean {
  switch (id) {
    case 'fli-preferences':
      return facts.hasFli;
    case 'malpractice-reimbursements':
      return facts.hasHealthcareLtd;
    case 'class-builder':
      return facts.hasClassEligibleCoverage;
    case 'non-class-benefits-preferences':
      return facts.hasNonClassBenefits;
    case 'confirm-policy-anniversary':
      return !facts.isStatutoryOnly;
    case 'termination-of-insurance':
      return facts.hasDentalOrVisionPlan;
    case 'additional-waiting-period-rules':
    case 'rehire-provision':
    case 'union-members-and-domestic-partners':
    case 'changes-during-annual-enrollment':
    case 'age-rules':
    case 'other-changes-to-coverage':
    case 'employee-certificate':
    case 'section-125':
    case 'erisa':
    case 'value-added-services':
      return !facts.isStatutoryOrPfmlOnly;
    case 'benefits-administration-and-data-feed':
    case 'tax-id':
    case 'subsidiaries-and-affiliates':
    case 'current-sun-life-policies':
    case 'previous-coverage-information':
    case 'plan-administrators':
    case 'billing-preferences':
    case 'claims-payment-reimbursement':
    case 'claims-check-mailing-locations':
    case 'monthly-claims-reports-and-eobs':
      return true;
    default:
      return assertNeverSubStep(id);
  }
}

/**
 * The steps and sub-steps a client sees, in form order, with the labels that depend on its plans
 * (onboarding §4 'Which sub-steps are shown'). review-&-submit has no sub-steps and is always shown.
 */
export function visibleSubSteps(input: VisibilityInput): VisibleStep[] {
  const facts = factsOf(input);
  const nonClass = nonClassBenefitsOf(input) ?? undefined;
  return EIF_STEP_IDS.flatMap((stepId): VisibleStep[] => {
    const all: readonly EifSubStepId[] = EIF_STEPS[stepId];
    const subSteps = all
      .filter((id) => isShown(id, facts))
      .map((id) => ({ id, label: eifSubStepLabel(id, nonClass) }));
    if (all.length > 0 && subSteps.length === 0) return [];
    return [{ id: stepId, label: EIF_STEP_LABELS[stepId], subSteps }];
  });
}

/** Whether one sub-step is shown; for a route guard that has the id from the URL. */
export function isSubStepVisible(input: VisibilityInput, id: EifSubStepId): boolean {
  return isShown(id, factsOf(input));
}
