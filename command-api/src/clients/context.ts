import { type Request, type Response } from 'express';
import type pg from 'pg';
import {
  clientStream,
  eifStream,
  parseEvent,
  type ClientLifecycleEvent,
  type NewPolicy,
} from '@onboard/events';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  ValidationError,
  isInternal,
  toClientView,
  type Actor,
  foldWith,
  SETUP_STEPS,
  clientLifecycleDecider,
  type ClientLifecycleIntent,
  type ClientLifecycleState,
  baseClientIntents,
} from '@onboard/domain';
import type { ClientLifecycleView, ImplementationConsultant } from '@onboard/api-contract/views';
import { requireActor, type CommandDeps } from '../http/context.ts';
import { decideIntent, requestContext } from '../http/decide.ts';
import { scheduleClientTasks } from '../tasks/schedule.ts';
import { executeEifCommands } from './execute.ts';
import { loadEif } from '../eif/client-view.ts';

export type ClientLifecycleDeps = CommandDeps & { pool: pg.Pool };

/** What every handler of the client's lifecycle shares: the dependencies, and reading and deciding it. */
export type ClientLifecycle = ReturnType<typeof clientLifecycle>;

/** The lifecycle read (a client from before lifecycles adopted) and decided. */
function lifecycleStream(deps: ClientLifecycleDeps) {
  const eifOf = async (clientId: string) => {
    const loaded = await loadEif(deps, clientId);
    return { status: loaded.state.status, view: toClientView(loaded.state, loaded.revision) };
  };

  /** A client from before lifecycles (its form, no lifecycle) is adopted: a ClientCreated read from its form. */
  const adoption = async (
    actor: Actor,
    clientId: string,
    state: ClientLifecycleState,
  ): Promise<ClientLifecycleEvent[]> => {
    if (state.exists) return [];
    const { view } = await eifOf(clientId);
    if (!view) return [];
    const implementationType =
      view.implementationType === 'ADD_COVERAGE' || view.implementationType === 'TAKEOVER'
        ? view.implementationType
        : 'NEW_CASE';
    return [
      {
        type: 'ClientCreated',
        data: {
          clientId,
          at: deps.now().toISOString(),
          by: { userId: actor.userId, role: actor.role },
          name: view.name,
          ticketId: typeof view.ticketId === 'string' ? view.ticketId : null,
          implementationType,
          implementationConsultantUserId: null,
          isTest: view.isTest === true,
          policies: view.policies.map((p) => ({
            policyId: String(p.id),
            slfPolicyNumber: String(p.slfPolicyNumber ?? ''),
            slfCoverages: Array.isArray(p.slfCoverages) ? p.slfCoverages.map(String) : [],
            policyEffective: typeof p.policyEffective === 'string' ? p.policyEffective : null,
          })),
          draft: false,
        },
      },
    ];
  };

  /** The lifecycle as it stands (adopted if need be), for a handler that looks before it decides. */
  const load = async (actor: Actor, clientId: string) => {
    const recorded = await deps.store.readStream(clientStream(clientId));
    const state = foldWith(
      clientLifecycleDecider,
      recorded.map((r) => parseEvent(r) as ClientLifecycleEvent),
    );
    const adopted = await adoption(actor, clientId, state);
    return {
      state: adopted.reduce(clientLifecycleDecider.evolve, state),
      revision: BigInt(recorded.length) - 1n,
    };
  };

  /** Decides one intent on the client's lifecycle (with any adoption); answers the state after it. */
  const execute = async (req: Request, actor: Actor, clientId: string, intent: ClientLifecycleIntent) => {
    const { after, revision } = await decideIntent(deps, {
      request: requestContext(req, deps.newId),
      actor,
      stream: clientStream(clientId),
      decider: clientLifecycleDecider,
      prelude: (state) => adoption(actor, clientId, state),
      intent,
      conflictMessage: 'This client was changed by someone else. Reload to see the latest version.',
    });
    return { state: after, revision };
  };

  /** The client's form and tasks, made once: the form only if it does not exist yet; tasks kept. */
  return { eifOf, load, execute };
}

/** The client's form and tasks, made once: the form only if it does not exist yet; tasks kept. */
function baseClient(deps: ClientLifecycleDeps, eifOf: ReturnType<typeof lifecycleStream>['eifOf']) {
  const ensureBaseClient = async (
    req: Request,
    actor: Actor,
    clientId: string,
    state: ClientLifecycleState,
  ) => {
    const correlationId = req.header('x-correlation-id') ?? deps.newId();
    const { view } = await eifOf(clientId);
    if (!view) {
      try {
        await executeEifCommands(
          deps,
          actor,
          clientId,
          ({ newChangeId }) => baseClientIntents(clientId, state, () => newChangeId()),
          null,
          correlationId,
        );
      } catch (error) {
        // Another request, or the client-base reactor, made the form between our read and append (the
        // append conflicts, or the form's rules refuse making it twice): it exists, which is what we want.
        const made = await deps.store.readStream(eifStream(clientId), { maxCount: 1 });
        if (made.length === 0 || !(error instanceof ConflictError || error instanceof AppError)) throw error;
      }
    }
    await scheduleClientTasks(
      deps,
      actor,
      clientId,
      (state.createdAt ?? deps.now().toISOString()).slice(0, 10),
      correlationId,
    );
  };

  return ensureBaseClient;
}

/** The lifecycle as the answers show it, with the implementation consultant's contact. */
function lifecycleView(deps: ClientLifecycleDeps) {
  const consultant = async (userId: string | null): Promise<ImplementationConsultant | null> => {
    if (!userId) return null;
    const { rows } = await deps.pool.query<{
      user_id: string;
      first_name: string;
      last_name: string;
      email: string;
      phone_number: string | null;
    }>('select user_id, first_name, last_name, email, phone_number from rm_users where user_id = $1', [
      userId,
    ]);
    const row = rows[0];
    return row
      ? {
          userId: row.user_id,
          firstName: row.first_name,
          lastName: row.last_name,
          email: row.email,
          phoneNumber: row.phone_number,
        }
      : null;
  };

  const view = async (
    clientId: string,
    state: ClientLifecycleState,
    revision: bigint,
  ): Promise<ClientLifecycleView> => {
    const profile = state.profile!;
    return {
      clientId,
      name: profile.name,
      ticketId: profile.ticketId,
      implementationType: profile.implementationType,
      isTest: profile.isTest,
      isDraft: state.draft,
      isArchived: state.archived,
      releaseStatus: state.releaseStatus,
      slfImplementationConsultant: await consultant(profile.implementationConsultantUserId),
      policies: [...state.policies],
      setupSteps: SETUP_STEPS.map((step) => ({
        stepId: step.id,
        title: step.title,
        completed: Boolean(state.setupSteps[step.id]),
        completedAt: state.setupSteps[step.id] ?? null,
      })),
      completedSetup: state.completedSetupAt !== null,
      completedSetupAt: state.completedSetupAt,
      createdAt: state.createdAt ?? '',
      version: Number(revision),
    };
  };

  return view;
}

/** Staff only, an implementation consultant who is staff, new policies' ids. */
function staffChecks(deps: ClientLifecycleDeps) {
  const requireStaff = async (req: Request) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Only internal staff can do this');
    return actor;
  };

  const checkConsultant = async (userId: string | null | undefined) => {
    if (!userId) return;
    const { rows } = await deps.pool.query('select 1 from rm_users where user_id = $1 and role = any($2)', [
      userId,
      ['SLF_ADMIN', 'SLF_OWNER'],
    ]);
    if (rows.length === 0)
      throw new ValidationError({
        'body.implementationConsultantUserId': 'Choose a member of the carrier’s staff',
      });
  };

  const withPolicyIds = (policies: readonly Omit<NewPolicy, 'policyId'>[]): NewPolicy[] =>
    policies.map((p) => ({ ...p, policyId: deps.newId() }));

  /** Staff decide one intent on the client's lifecycle; the answer is the lifecycle after it. */
  return { requireStaff, checkConsultant, withPolicyIds };
}

/**
 * The client's lifecycle (`client-{clientId}`) read, adopted and decided; its form and tasks made once;
 * the lifecycle as the answers show it.
 */
export function clientLifecycle(deps: ClientLifecycleDeps) {
  const { eifOf, load, execute } = lifecycleStream(deps);
  const ensureBaseClient = baseClient(deps, eifOf);
  const view = lifecycleView(deps);
  const { requireStaff, checkConsultant, withPolicyIds } = staffChecks(deps);
  const staffDecide = async (
    req: Request,
    res: Response,
    intentOf: (clientId: string) => ClientLifecycleIntent,
  ) => {
    const actor = await requireStaff(req);
    const clientId = String(req.params.clientId);
    const { state, revision } = await execute(req, actor, clientId, intentOf(clientId));
    res.json(await view(clientId, state, revision));
  };

  return {
    deps,
    eifOf,
    load,
    execute,
    ensureBaseClient,
    view,
    requireStaff,
    checkConsultant,
    withPolicyIds,
    staffDecide,
  };
}
