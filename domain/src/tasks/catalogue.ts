import {
  coverageKindOfBenefitType,
  coverageKindOfDisplayName,
  type CoverageKind,
} from '../eif/steps/coverage.ts';

/**
 * The onboarding tasks (onboarding §3 task ids): what each asks, of whom, and where it exists. Client-level
 * tasks exist once per client; policy-level tasks once per policy whose coverages call for them.
 */

export const CLIENT_TASK_IDS = [
  'kickoff-call',
  'ongoing-service-call',
  'onboarding-forms',
  'prior-carrier-certificates',
  'connect-service',
  'enrollment-resources',
  'company-profile',
  'eif-submit-company-information',
] as const;
export type ClientTaskId = (typeof CLIENT_TASK_IDS)[number];

export const POLICY_TASK_IDS = [
  'prior-carrier-bills',
  'enrollment-elections',
  'pfml',
  'pfml-spd',
  'sunadvisor-spd',
  'dental-rollover',
  'deductible-maximum-report',
] as const;
export type PolicyTaskId = (typeof POLICY_TASK_IDS)[number];

export type TaskId = ClientTaskId | PolicyTaskId;

/** Who does the task's work: the client's people, or the carrier's staff with the client. */
export type TaskOwner = 'client' | 'carrier';

/**
 * How a task is finished: 'client' when the client marks it done themselves; 'review' when the client
 * submits it and staff accept it (or send it back as NIGO with a reason).
 */
export type TaskCompletion = 'client' | 'review';

export type TaskDefinition = {
  id: TaskId;
  level: 'client' | 'policy';
  title: string;
  /** What is asked, in the words the client reads on the task page. */
  asks: string;
  owner: TaskOwner;
  completion: TaskCompletion;
};

const task = (
  id: TaskId,
  level: TaskDefinition['level'],
  title: string,
  owner: TaskOwner,
  completion: TaskCompletion,
  asks: string,
): TaskDefinition => ({ id, level, title, owner, completion, asks });

export const TASKS: readonly TaskDefinition[] = [
  task(
    'kickoff-call',
    'client',
    'Kickoff call',
    'carrier',
    'client',
    'Meet your implementation consultant to walk through the onboarding plan and the key dates.',
  ),
  task(
    'ongoing-service-call',
    'client',
    'Ongoing service call',
    'carrier',
    'client',
    'Meet your service team to hand over from onboarding to day-to-day service.',
  ),
  task(
    'onboarding-forms',
    'client',
    'Sign onboarding forms',
    'client',
    'review',
    'Review and sign the onboarding forms sent to your company.',
  ),
  task(
    'prior-carrier-certificates',
    'client',
    'Prior carrier certificates',
    'client',
    'review',
    'Upload the certificates of coverage from your prior carrier.',
  ),
  task(
    'connect-service',
    'client',
    'Connect your benefits administration',
    'client',
    'review',
    'Tell us how your benefits administration platform will exchange enrollment data with us.',
  ),
  task(
    'enrollment-resources',
    'client',
    'Enrollment resources',
    'client',
    'client',
    'Review the enrollment materials for your employees and share them before enrollment opens.',
  ),
  task(
    'company-profile',
    'client',
    'Company profile',
    'client',
    'client',
    'Check your company’s name, contacts and locations, and correct what has changed.',
  ),
  task(
    'eif-submit-company-information',
    'client',
    'Submit company information',
    'client',
    'review',
    'Complete and sign the Employer Information Form.',
  ),
  task(
    'prior-carrier-bills',
    'policy',
    'Prior carrier bills',
    'client',
    'review',
    'Upload your most recent bills from your prior carrier for this policy.',
  ),
  task(
    'enrollment-elections',
    'policy',
    'Enrollment elections',
    'client',
    'review',
    'Upload the census of your employees’ enrollment elections for this policy.',
  ),
  task(
    'pfml',
    'policy',
    'Paid family and medical leave',
    'client',
    'review',
    'Provide the state paid family and medical leave details for this policy.',
  ),
  task(
    'pfml-spd',
    'policy',
    'PFML summary plan description',
    'client',
    'review',
    'Review and approve the summary plan description of your paid family and medical leave plan.',
  ),
  task(
    'sunadvisor-spd',
    'policy',
    'SunAdvisor summary plan description',
    'client',
    'review',
    'Review and approve the summary plan description of your SunAdvisor plan.',
  ),
  task(
    'dental-rollover',
    'policy',
    'Dental rollover',
    'client',
    'review',
    'Provide your employees’ dental maximum rollover balances from your prior carrier.',
  ),
  task(
    'deductible-maximum-report',
    'policy',
    'Deductible and maximum report',
    'client',
    'review',
    'Upload your prior carrier’s report of deductibles and maximums met this year.',
  ),
];

const BY_ID = new Map(TASKS.map((definition) => [definition.id, definition]));

export const isTaskId = (id: string): id is TaskId => BY_ID.has(id as TaskId);
export const isPolicyTaskId = (id: string): id is PolicyTaskId =>
  POLICY_TASK_IDS.includes(id as PolicyTaskId);

export function taskDefinition(id: TaskId): TaskDefinition {
  const definition = BY_ID.get(id);
  if (!definition) throw new Error(`Unknown task id ${id}`);
  return definition;
}

/** A policy as the task rules read it: its coverage names and the benefit types of its plans. */
export type PolicyCoverages = {
  slfCoverages: readonly string[];
  planBenefitTypes: readonly string[];
};

const SUNADVISOR = /sun\s?advisor/i;
const SUNADVISOR_BENEFIT_TYPES = ['SUNADVISOR_ADVICE_PLUS', 'SUNADVISOR_TO_PAY'];

function policyHolds(policy: PolicyCoverages): { kinds: Set<CoverageKind>; hasSunAdvisor: boolean } {
  return {
    kinds: new Set([
      ...policy.slfCoverages.map(coverageKindOfDisplayName),
      ...policy.planBenefitTypes.map(coverageKindOfBenefitType),
    ]),
    hasSunAdvisor:
      policy.slfCoverages.some((name) => SUNADVISOR.test(name)) ||
      policy.planBenefitTypes.some((type) => SUNADVISOR_BENEFIT_TYPES.includes(type)),
  };
}

/**
 * Which policy-level tasks a policy has:
 * - enrollment-elections: every policy (its census).
 * - prior-carrier-bills: every policy taken over from a prior carrier, that is unless the client only adds
 *   coverage to what it already holds with the carrier (implementation type ADD_COVERAGE).
 * - pfml and pfml-spd: a policy with a PFML coverage or plan.
 * - sunadvisor-spd: a policy with SunAdvisor.
 * - dental-rollover and deductible-maximum-report: a policy with dental (DHMO included).
 */
export function policyTaskIds(policy: PolicyCoverages, implementationType: string | null): PolicyTaskId[] {
  const { kinds, hasSunAdvisor } = policyHolds(policy);
  const applies: Record<PolicyTaskId, boolean> = {
    'prior-carrier-bills': implementationType !== 'ADD_COVERAGE',
    'enrollment-elections': true,
    pfml: kinds.has('PFML'),
    'pfml-spd': kinds.has('PFML'),
    'sunadvisor-spd': hasSunAdvisor,
    'dental-rollover': kinds.has('DENTAL'),
    'deductible-maximum-report': kinds.has('DENTAL'),
  };
  return POLICY_TASK_IDS.filter((id) => applies[id]);
}

/**
 * What must be done before what (our order; the spec names the tasks only). A task needs its
 * prerequisites done first; a policy-level prerequisite of a policy-level task is that policy's own, of a
 * client-level task every policy's. The order follows the timeline's phases (timeline.ts): every task of
 * a phase needs, directly or through another, every task of the phase before, so a phase is never expected
 * before the one it follows.
 */
/** The tasks of the plan-setup phase, and of the company-information phase (timeline.ts). */
export const PLAN_SETUP: readonly TaskId[] = [
  'onboarding-forms',
  'prior-carrier-certificates',
  'connect-service',
  'prior-carrier-bills',
  'pfml',
  'pfml-spd',
  'sunadvisor-spd',
  'dental-rollover',
  'deductible-maximum-report',
];
export const COMPANY_INFORMATION: readonly TaskId[] = ['eif-submit-company-information', 'company-profile'];

export const TASK_NEEDS: Readonly<Record<TaskId, readonly TaskId[]>> = {
  'kickoff-call': [],
  'company-profile': ['kickoff-call'],
  'eif-submit-company-information': ['kickoff-call'],
  'onboarding-forms': COMPANY_INFORMATION,
  'prior-carrier-certificates': COMPANY_INFORMATION,
  'connect-service': COMPANY_INFORMATION,
  'prior-carrier-bills': COMPANY_INFORMATION,
  pfml: COMPANY_INFORMATION,
  'pfml-spd': ['pfml'],
  'sunadvisor-spd': COMPANY_INFORMATION,
  'dental-rollover': COMPANY_INFORMATION,
  'deductible-maximum-report': COMPANY_INFORMATION,
  'enrollment-resources': PLAN_SETUP,
  'enrollment-elections': PLAN_SETUP,
  'ongoing-service-call': ['enrollment-resources', 'enrollment-elections'],
};

/**
 * The usual lead of each task: the days it is given after the last of its prerequisites is due (the
 * kickoff call: after the onboarding starts).
 */
export const TASK_LEAD_DAYS: Readonly<Record<TaskId, number>> = {
  'kickoff-call': 7,
  'company-profile': 7,
  'eif-submit-company-information': 14,
  'onboarding-forms': 7,
  'prior-carrier-certificates': 14,
  'connect-service': 14,
  'prior-carrier-bills': 14,
  pfml: 14,
  'pfml-spd': 7,
  'sunadvisor-spd': 14,
  'dental-rollover': 14,
  'deductible-maximum-report': 14,
  'enrollment-resources': 7,
  'enrollment-elections': 7,
  'ongoing-service-call': 7,
};

/**
 * Tasks tied to the effective date: due this many days from it (negative: before), unless a prerequisite
 * is due later. The plan is set up six weeks before, enrollment closes a month before, and the service
 * hand-over comes a month after.
 */
export const EFFECTIVE_DATE_OFFSETS: Readonly<Partial<Record<TaskId, number>>> = {
  'prior-carrier-certificates': -45,
  'connect-service': -45,
  'prior-carrier-bills': -45,
  pfml: -45,
  'pfml-spd': -45,
  'sunadvisor-spd': -45,
  'dental-rollover': -45,
  'deductible-maximum-report': -45,
  'enrollment-resources': -30,
  'enrollment-elections': -30,
  'ongoing-service-call': 30,
};

/** The task ids in dependency order: each after every task it needs (Kahn's algorithm). */
export const TASKS_IN_DEPENDENCY_ORDER: readonly TaskId[] = (() => {
  const order: TaskId[] = [];
  const remaining = new Set(TASKS.map((t) => t.id));
  while (remaining.size > 0) {
    const ready = [...remaining].filter((id) => TASK_NEEDS[id].every((need) => !remaining.has(need)));
    if (ready.length === 0) throw new Error('The task catalogue’s dependencies form a cycle');
    for (const id of ready) {
      order.push(id);
      remaining.delete(id);
    }
  }
  return order;
})();
