import type { ClientLifecycleEvent, ClientProfile, NewPolicy } from '@onboard/events';
import {
  IMPLEMENTATION_TYPES,
  SETUP_STEP_IDS,
  type SetupStepId,
} from '@onboard/events/catalogue/client-constants';

export { IMPLEMENTATION_TYPES, SETUP_STEP_IDS, type SetupStepId };
import { accepted, refused, type Command, type Decider, type Decision, type Intent } from '../decider.ts';
import { unhandled } from '../exhaustive.ts';

/** A client's life apart from its form, folded from `client-{clientId}`. */
export type ClientLifecycleState = {
  exists: boolean;
  createdAt: string | null;
  draft: boolean;
  deleted: boolean;
  archived: boolean;
  releaseStatus: 'LIVE' | null;
  profile: ClientProfile | null;
  policies: readonly NewPolicy[];
  setupSteps: Partial<Record<SetupStepId, string>>;
  completedSetupAt: string | null;
  /** When each person of the client finished the welcome flow, by user id. */
  welcomeCompleted: Readonly<Record<string, string>>;
};

export const SETUP_STEPS: readonly { id: SetupStepId; title: string }[] = [
  { id: 'broker', title: 'Assign the broker' },
  { id: 'benAdmin', title: 'Assign the benefits administrator' },
  { id: 'docusignEnvelop', title: 'Send the onboarding forms to sign' },
  { id: 'configCompanyInfo', title: 'Configure the company information' },
  { id: 'importCompanyInfo', title: 'Import the company information from the plan system' },
];

type NewClient = ClientProfile & { clientId: string; policies: NewPolicy[]; draft: boolean };
type Ref = { clientId: string };

export type ClientLifecycleCommand =
  | Command<'CreateClient', NewClient>
  | Command<'ChangeProfile', Ref & { changes: Partial<ClientProfile>; policies?: NewPolicy[] }>
  | Command<'MakeBaseClient', Ref>
  | Command<'ArchiveClient', Ref>
  | Command<'UnarchiveClient', Ref>
  /** `signed`: whether anything of the client was ever signed (read from its EIF by the handler). */
  | Command<'DeleteClient', Ref & { signed: boolean }>
  | Command<'SetReleaseStatus', Ref & { releaseStatus: 'LIVE' | null }>
  /** `assigned`: whether a person of the step's role is assigned to the client (the handler reads it). */
  | Command<'CompleteSetupStep', Ref & { stepId: SetupStepId; assigned: boolean }>
  | Command<'CompleteWelcomeFlow', Ref>;
export type ClientLifecycleIntent = Intent<ClientLifecycleCommand>;

export type ClientLifecycleError =
  | { code: 'NOT_FOUND' | 'NOT_ALLOWED' | 'ALREADY_EXISTS'; message: string }
  | { code: 'INVALID'; message: string; fields: Record<string, string> };

type LifecycleDecision = Decision<ClientLifecycleEvent, ClientLifecycleError>;

export const CLIENT_NOT_FOUND = 'Client not found';
export const DELETE_SIGNED =
  'A client with a signed form cannot be deleted; archive it instead so its records are kept';
export const BASE_CLIENT_ONLY_FOR_DRAFT = 'This client is not a draft: its base client exists already';
export const POLICIES_ONLY_FOR_DRAFT = 'Policies can be changed here only while the client is a draft';
export const NO_POLICY = 'Add at least one policy';
export const DUPLICATE_POLICY_NUMBER = 'Each policy needs its own number';
export const PROVIDE = 'Please provide a response';

export const initialClientLifecycle = (): ClientLifecycleState => ({
  exists: false,
  createdAt: null,
  draft: false,
  deleted: false,
  archived: false,
  releaseStatus: null,
  profile: null,
  policies: [],
  setupSteps: {},
  completedSetupAt: null,
  welcomeCompleted: {},
});

/** Field messages for a profile and policy list, keyed as the request body names them. */
function profileProblems(profile: Partial<ClientProfile>, policies?: readonly NewPolicy[]) {
  const fields: Record<string, string> = {};
  if (profile.name !== undefined && profile.name.trim() === '') fields.name = PROVIDE;
  if (policies) {
    if (policies.length === 0) fields.policies = NO_POLICY;
    const numbers = new Map<string, number>();
    policies.forEach((policy, index) => {
      const number = policy.slfPolicyNumber.trim();
      if (number === '') fields[`policies.${index}.slfPolicyNumber`] = PROVIDE;
      else if (numbers.has(number)) fields[`policies.${index}.slfPolicyNumber`] = DUPLICATE_POLICY_NUMBER;
      numbers.set(number, index);
      if (policy.slfCoverages.length === 0)
        fields[`policies.${index}.slfCoverages`] = 'Choose at least one coverage';
    });
  }
  return fields;
}

const invalid = (fields: Record<string, string>): LifecycleDecision =>
  refused({ code: 'INVALID', message: Object.values(fields)[0] ?? 'Invalid input', fields });

export function decideClientLifecycle(
  command: ClientLifecycleCommand,
  state: ClientLifecycleState,
): LifecycleDecision {
  const { at, by } = command.metadata;
  const stamp = { clientId: command.data.clientId, at, by };
  if (command.type === 'CreateClient') {
    if (state.exists) return refused({ code: 'ALREADY_EXISTS', message: 'This client exists already' });
    const { clientId: _clientId, policies, draft, ...profile } = command.data;
    const fields = profileProblems(profile, draft && policies.length === 0 ? undefined : policies);
    if (Object.keys(fields).length > 0) return invalid(fields);
    return accepted({
      type: 'ClientCreated',
      data: { ...stamp, ...profile, name: profile.name.trim(), policies, draft },
    });
  }
  if (!state.exists || state.deleted) return refused({ code: 'NOT_FOUND', message: CLIENT_NOT_FOUND });
  switch (command.type) {
    case 'ChangeProfile': {
      const { changes, policies } = command.data;
      if (policies && !state.draft) return refused({ code: 'NOT_ALLOWED', message: POLICIES_ONLY_FOR_DRAFT });
      const fields = profileProblems(changes, policies);
      if (Object.keys(fields).length > 0) return invalid(fields);
      const changed = Object.fromEntries(
        Object.entries(changes).filter(
          ([key, value]) => value !== undefined && state.profile?.[key as keyof ClientProfile] !== value,
        ),
      ) as Partial<ClientProfile>;
      if (Object.keys(changed).length === 0 && !policies) return accepted();
      return accepted({
        type: 'ClientProfileChanged',
        data: { ...stamp, changes: changed, ...(policies ? { policies } : {}) },
      });
    }
    case 'MakeBaseClient': {
      if (!state.draft) return refused({ code: 'NOT_ALLOWED', message: BASE_CLIENT_ONLY_FOR_DRAFT });
      const fields = profileProblems(state.profile ?? {}, state.policies);
      if (Object.keys(fields).length > 0) return invalid(fields);
      return accepted({ type: 'BaseClientMade', data: stamp });
    }
    case 'ArchiveClient':
      return state.archived ? accepted() : accepted({ type: 'ClientArchived', data: stamp });
    case 'UnarchiveClient':
      return state.archived ? accepted({ type: 'ClientUnarchived', data: stamp }) : accepted();
    case 'DeleteClient':
      if (command.data.signed) return refused({ code: 'NOT_ALLOWED', message: DELETE_SIGNED });
      return accepted({ type: 'ClientDeleted', data: stamp });
    case 'SetReleaseStatus':
      if (command.data.releaseStatus === state.releaseStatus) return accepted();
      return accepted({
        type: 'ClientReleaseStatusChanged',
        data: { ...stamp, releaseStatus: command.data.releaseStatus },
      });
    case 'CompleteSetupStep': {
      const { stepId, assigned } = command.data;
      if (state.draft)
        return refused({ code: 'NOT_ALLOWED', message: 'Make the base client before working through setup' });
      if (state.setupSteps[stepId]) return accepted();
      if ((stepId === 'broker' || stepId === 'benAdmin') && !assigned)
        return refused({
          code: 'NOT_ALLOWED',
          message:
            stepId === 'broker'
              ? 'Assign a broker to the client first'
              : 'Assign a benefits administrator to the client first',
        });
      const events: ClientLifecycleEvent[] = [
        { type: 'ClientSetupStepCompleted', data: { ...stamp, stepId } },
      ];
      const done = new Set([...Object.keys(state.setupSteps), stepId]);
      if (!state.completedSetupAt && SETUP_STEPS.every((s) => done.has(s.id)))
        events.push({ type: 'ClientSetupCompleted', data: stamp });
      return accepted(...events);
    }
    case 'CompleteWelcomeFlow':
      return state.welcomeCompleted[by.userId]
        ? accepted()
        : accepted({ type: 'WelcomeFlowCompleted', data: stamp });
    default:
      return unhandled('command', command);
  }
}

export function evolveClientLifecycle(
  state: ClientLifecycleState,
  event: ClientLifecycleEvent,
): ClientLifecycleState {
  switch (event.type) {
    case 'ClientCreated': {
      const { name, ticketId, implementationType, implementationConsultantUserId, isTest } = event.data;
      return {
        ...state,
        exists: true,
        createdAt: event.data.at,
        draft: event.data.draft,
        profile: { name, ticketId, implementationType, implementationConsultantUserId, isTest },
        policies: event.data.policies,
      };
    }
    case 'ClientProfileChanged':
      return {
        ...state,
        profile: state.profile ? { ...state.profile, ...event.data.changes } : state.profile,
        policies: event.data.policies ?? state.policies,
      };
    case 'BaseClientMade':
      return { ...state, draft: false };
    case 'ClientArchived':
      return { ...state, archived: true };
    case 'ClientUnarchived':
      return { ...state, archived: false };
    case 'ClientDeleted':
      return { ...state, deleted: true };
    case 'ClientReleaseStatusChanged':
      return { ...state, releaseStatus: event.data.releaseStatus };
    case 'ClientSetupStepCompleted':
      return { ...state, setupSteps: { ...state.setupSteps, [event.data.stepId]: event.data.at } };
    case 'ClientSetupCompleted':
      return { ...state, completedSetupAt: event.data.at };
    case 'WelcomeFlowCompleted':
      return {
        ...state,
        welcomeCompleted: { ...state.welcomeCompleted, [event.data.by.userId]: event.data.at },
      };
    default:
      return unhandled('event', event);
  }
}

/** A client's lifecycle as one decider (domain/src/decider.ts). */
export const clientLifecycleDecider: Decider<
  ClientLifecycleState,
  ClientLifecycleCommand,
  ClientLifecycleEvent,
  ClientLifecycleError
> = {
  initialState: initialClientLifecycle,
  decide: decideClientLifecycle,
  evolve: evolveClientLifecycle,
};
