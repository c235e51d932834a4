import { Router, type Request } from 'express';
import type pg from 'pg';
import {
  clientStream,
  eifStream,
  loadAggregate,
  parseEvent,
  type ClientLifecycleEvent,
  type NewPolicy,
} from '@onboard/events';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  ValidationError,
  eifCodec,
  isInternal,
  toClientView,
  type Actor,
  foldWith,
  SETUP_STEPS,
  clientLifecycleDecider,
  type ClientLifecycleCommand,
  type ClientLifecycleIntent,
  type ClientLifecycleState,
  baseClientIntents,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import type { ClientLifecycleView, ImplementationConsultant } from '@onboard/api-contract/views';
import { requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import { decideOnStream, requestContext } from '../http/decide.ts';
import { scheduleClientTasks } from '../tasks/schedule.ts';
import { executeEifCommands } from './execute.ts';
import {
  archiveClient,
  completeSetupStep,
  completeWelcomeFlow,
  createClient,
  deleteClient,
  makeBaseClient,
  setReleaseStatus,
  unarchiveClient,
  updateDraft,
} from './lifecycle.contract.ts';

export type ClientLifecycleDeps = CommandDeps & { pool: pg.Pool };

/**
 * The client's lifecycle writes (`client-{clientId}`), decided by the lifecycle decider and appended at
 * the revision read (an If-Match of another version is a 409). Creating a client (or making a draft's
 * base client) also writes its form (the Client and Policy entities, through the EIF decider) and
 * schedules its tasks; both are idempotent, so repeating "Make base client" finishes a creation that a
 * crash interrupted. A client from before lifecycles (its form but no lifecycle) is adopted on its first
 * lifecycle write: a ClientCreated read from its form is appended in the same batch.
 */
export function clientLifecycleRoutes(deps: ClientLifecycleDeps): Router {
  const router = Router();

  const eifOf = async (clientId: string) => {
    const loaded = await loadAggregate({
      store: deps.store,
      snapshots: deps.snapshots,
      stream: eifStream(clientId),
      codec: eifCodec,
    });
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
    const { after, revision } = await decideOnStream(deps, {
      request: requestContext(req, deps.newId),
      actor,
      stream: clientStream(clientId),
      decider: clientLifecycleDecider,
      prelude: (state) => adoption(actor, clientId, state),
      build: (_state, metadata) => ({ ...intent, metadata }) as ClientLifecycleCommand,
      conflictMessage: 'This client was changed by someone else. Reload to see the latest version.',
    });
    return { state: after, revision };
  };

  /** The client's form and tasks, made once: the form only if it does not exist yet; tasks kept. */
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

  mount(router, createClient, async (req, res, input) => {
    const actor = await requireStaff(req);
    const body = input.body();
    await checkConsultant(body.implementationConsultantUserId);
    const clientId = deps.newId();
    const { state, revision } = await execute(req, actor, clientId, {
      type: 'CreateClient',
      data: { clientId, ...body, policies: withPolicyIds(body.policies) },
    });
    if (!state.draft) await ensureBaseClient(req, actor, clientId, state);
    res.status(201).json(await view(clientId, state, revision));
  });

  mount(router, updateDraft, async (req, res, input) => {
    const actor = await requireStaff(req);
    const clientId = String(req.params.clientId);
    const { policies, ...changes } = input.body();
    await checkConsultant(changes.implementationConsultantUserId);
    const { state, revision } = await execute(req, actor, clientId, {
      type: 'ChangeProfile',
      data: { clientId, changes, ...(policies ? { policies: withPolicyIds(policies) } : {}) },
    });
    res.json(await view(clientId, state, revision));
  });

  mount(router, makeBaseClient, async (req, res) => {
    const actor = await requireStaff(req);
    const clientId = String(req.params.clientId);
    const current = await load(actor, clientId);
    // Not a draft but without its form: a creation cut short; finishing it is what was asked.
    const unfinished = current.state.exists && !current.state.draft && !(await eifOf(clientId)).view;
    const { state, revision } = unfinished
      ? current
      : await execute(req, actor, clientId, { type: 'MakeBaseClient', data: { clientId } });
    await ensureBaseClient(req, actor, clientId, state);
    res.json(await view(clientId, state, revision));
  });

  const simple = (
    route: typeof archiveClient | typeof unarchiveClient,
    type: 'ArchiveClient' | 'UnarchiveClient',
  ) =>
    mount(router, route, async (req, res) => {
      const actor = await requireStaff(req);
      const clientId = String(req.params.clientId);
      const { state, revision } = await execute(req, actor, clientId, { type, data: { clientId } });
      res.json(await view(clientId, state, revision));
    });
  simple(archiveClient, 'ArchiveClient');
  simple(unarchiveClient, 'UnarchiveClient');

  mount(router, deleteClient, async (req, res) => {
    const actor = await requireStaff(req);
    const clientId = String(req.params.clientId);
    const { status } = await eifOf(clientId);
    await execute(req, actor, clientId, {
      type: 'DeleteClient',
      data: { clientId, signed: status === 'signed' },
    });
    res.status(204).end();
  });

  mount(router, setReleaseStatus, async (req, res, input) => {
    const actor = await requireStaff(req);
    const clientId = String(req.params.clientId);
    const { releaseStatus } = input.body();
    const { state, revision } = await execute(req, actor, clientId, {
      type: 'SetReleaseStatus',
      data: { clientId, releaseStatus },
    });
    res.json(await view(clientId, state, revision));
  });

  mount(router, completeSetupStep, async (req, res) => {
    const actor = await requireStaff(req);
    const clientId = String(req.params.clientId);
    const stepId = String(req.params.stepId);
    const step = SETUP_STEPS.find((s) => s.id === stepId);
    if (!step)
      throw new ValidationError({
        'params.stepId': `Choose one of ${SETUP_STEPS.map((s) => s.id).join(', ')}`,
      });
    const role = step.id === 'broker' ? 'BROKER' : step.id === 'benAdmin' ? 'BEN_ADMIN' : null;
    const assigned = role
      ? (
          await deps.pool.query('select 1 from rm_users where role = $1 and $2 = any(client_ids) limit 1', [
            role,
            clientId,
          ])
        ).rows.length > 0
      : true;
    const { state, revision } = await execute(req, actor, clientId, {
      type: 'CompleteSetupStep',
      data: { clientId, stepId: step.id, assigned },
    });
    res.json(await view(clientId, state, revision));
  });

  mount(router, completeWelcomeFlow, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requireClientAccess(actor, clientId, 'read');
    const { state } = await execute(req, actor, clientId, {
      type: 'CompleteWelcomeFlow',
      data: { clientId },
    });
    res.json({ welcomeFlowCompletedAt: state.welcomeCompleted[actor.userId] ?? deps.now().toISOString() });
  });

  return router;
}
