import { Router, type Request } from 'express';
import {
  ConflictError,
  NotFoundError,
  type EifIntent,
  eifPlanSystemView,
  lookupKeysOf,
  noCaseMessage,
  planSystemWrites,
  type EntityWrite,
  type PlanSystemApplyScope,
  type PlanSystemDirectory,
  benefitTypeWords,
  planConfiguration,
  type PlanToCreate,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { callerOnClient, type CommandDeps } from '../http/context.ts';
import { parseIfMatch } from '../http/validate.ts';
import type { UserStoreDeps } from '../auth/index.ts';
import type { UserAccountPort } from '../users/ports.ts';
import { executeEifCommands } from './execute.ts';
import {
  configurePlans,
  importFromQps,
  sendClientActivationEmails,
  syncWithQps,
} from './plan-system.contract.ts';
import { loadEif } from '../eif/client-view.ts';

export type PlanSystemCommandDeps = CommandDeps &
  Pick<UserStoreDeps, 'pool'> & {
    planSystem: PlanSystemDirectory;
    accounts: Pick<UserAccountPort, 'sendActivationEmail'>;
  };

const STAFF_ONLY = 'Only internal staff can work with the plan system and send activation e-mails';

/** Staff only, on a client they may update (platform §6): a refusal names no data. */
const requireStaffOn = (deps: CommandDeps, req: Request) =>
  callerOnClient(deps.authenticate, req, STAFF_ONLY);

async function loadPlanSystemEif(deps: CommandDeps, clientId: string) {
  const loaded = await loadEif(deps, clientId);
  const eif = eifPlanSystemView(loaded.state);
  if (!eif) throw new NotFoundError('Client not found');
  return { eif, revision: loaded.revision };
}

const toIntent = (clientId: string, write: EntityWrite, changeId: string): EifIntent => ({
  type: write.action === 'create' ? 'CreateEntity' : 'ChangeAttributes',
  data: { clientId, entity: write.entity, entityId: write.entityId, changeId, attributes: write.attributes },
});

const correlationOf = (deps: CommandDeps, req: Request) => req.header('x-correlation-id') ?? deps.newId();

/**
 * The client calls of platform §7 that go through the plan system, and the client's activation e-mails.
 * Import and sync re-read the plan system and write only what differs, as one batch of EIF commands with
 * the If-Match version (409 when stale), so running one twice writes nothing the second time; plan
 * configuration creates the plans the policies' coverages call for, once.
 */
export function planSystemCommandRoutes(deps: PlanSystemCommandDeps): Router {
  const router = Router();

  const apply = (scope: PlanSystemApplyScope) => async (req: Request) => {
    const { actor, clientId } = await requireStaffOn(deps, req);
    const ifMatch = parseIfMatch(req.header('if-match'));
    const { eif, revision } = await loadPlanSystemEif(deps, clientId);
    // A stale version is refused before the plan system is asked.
    if (ifMatch !== null && ifMatch !== revision)
      throw new ConflictError(undefined, { currentVersion: Number(revision) });
    const keys = lookupKeysOf(eif);
    const planSystem = keys.length > 0 ? await deps.planSystem.findClient(keys) : null;
    if (!planSystem) throw new NotFoundError(noCaseMessage(keys));
    let changed: string[] = [];
    const result = await executeEifCommands(
      deps,
      actor,
      clientId,
      ({ state, newChangeId }) => {
        const now = eifPlanSystemView(state);
        if (!now) throw new NotFoundError('Client not found');
        const writes = planSystemWrites(now, planSystem, scope, deps.newId);
        changed = writes.map((w) => w.description);
        return writes.map((w) => toIntent(clientId, w, newChangeId()));
      },
      ifMatch,
      correlationOf(deps, req),
    );
    return { clientId, version: Number(result.revision), caseId: planSystem.caseId, changed };
  };

  mount(router, importFromQps, async (req, res) => {
    res.json(await apply('import')(req));
  });

  mount(router, syncWithQps, async (req, res) => {
    res.json(await apply('sync')(req));
  });

  mount(router, configurePlans, async (req, res) => {
    const { actor, clientId } = await requireStaffOn(deps, req);
    const ifMatch = parseIfMatch(req.header('if-match'));
    let plan: ReturnType<typeof planConfiguration> = { create: [], present: [], unknown: [] };
    let created: (PlanToCreate & { planId: string })[] = [];
    const result = await executeEifCommands(
      deps,
      actor,
      clientId,
      ({ state, newChangeId }) => {
        const eif = eifPlanSystemView(state);
        if (!eif) throw new NotFoundError('Client not found');
        plan = planConfiguration(
          eif.policies.map((p) => ({ id: p.id, slfPolicyNumber: p.policyNumber, slfCoverages: p.coverages })),
          eif.plans,
        );
        created = plan.create.map((p) => ({ ...p, planId: deps.newId() }));
        return created.map((p): EifIntent => ({
          type: 'CreateEntity',
          data: {
            clientId,
            entity: 'Plan',
            entityId: p.planId,
            changeId: newChangeId(),
            attributes: { benefitType: p.benefitType, policyId: p.policyId },
          },
        }));
      },
      ifMatch,
      correlationOf(deps, req),
    );
    res.json({
      clientId,
      version: Number(result.revision),
      created,
      present: plan.present,
      unknown: plan.unknown,
      changed: created.map((p) => {
        const words = benefitTypeWords(p.benefitType);
        const why = p.coverage.toLowerCase() === words.toLowerCase() ? '' : ` for ${p.coverage}`;
        return `${words} plan added to policy ${p.policyNumber ?? p.policyId}${why}.`;
      }),
    });
  });

  mount(router, sendClientActivationEmails, async (req, res) => {
    const { actor, clientId } = await requireStaffOn(deps, req);
    await loadPlanSystemEif(deps, clientId);
    const { rows } = await deps.pool.query<{
      user_id: string;
      first_name: string;
      last_name: string;
      email: string;
      role: string;
      first_password_set: Date | null;
    }>(
      `select user_id, first_name, last_name, email, role, first_password_set from rm_users
       where $1 = any(client_ids) and role in ('BROKER', 'BEN_ADMIN') and not is_deleted
       order by role, last_name, first_name, user_id`,
      [clientId],
    );
    const sent: { name: string; role: string; email: string }[] = [];
    const skipped: { name: string; role: string; email: string; reason: string }[] = [];
    for (const row of rows) {
      const person = {
        name: `${row.first_name} ${row.last_name}`.trim(),
        role: row.role,
        email: row.email,
      };
      if (row.first_password_set) {
        skipped.push({ ...person, reason: 'Already activated' });
        continue;
      }
      await deps.accounts.sendActivationEmail(row.user_id, actor);
      sent.push(person);
    }
    res.json({ sent, skipped });
  });

  return router;
}
