import { Router } from 'express';
import { NotFoundError, type Actor, SETUP_STEPS, isTaskId, taskDefinition } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import type { ClientLifecycleView, ImplementationConsultant } from '@onboard/api-contract/views';
import { type QueryDeps, requireClientReader } from '../http/context.ts';
import { readClientView } from './routes.ts';
import { getClientLifecycle, getClientSetup, getWelcomeFlow } from './lifecycle.contract.ts';

type LifecycleRow = {
  name: string;
  ticket_id: string | null;
  implementation_type: ClientLifecycleView['implementationType'];
  is_test: boolean;
  is_draft: boolean;
  is_archived: boolean;
  deleted_at: Date | null;
  release_status: 'LIVE' | null;
  policies: ClientLifecycleView['policies'];
  setup_steps: Record<string, string>;
  completed_setup_at: Date | null;
  welcome_completed: Record<string, string>;
  created_at: Date;
  ic_user_id: string | null;
  ic_first_name: string | null;
  ic_last_name: string | null;
  ic_email: string | null;
  ic_phone_number: string | null;
  version: string;
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The client's lifecycle as the read model has it (projections/src/client-lifecycle.ts), with the
 * implementation consultant by name. A client from before lifecycles (its form, no lifecycle row) reads
 * as what it was then: active, not a draft, set up, no consultant. A deleted client is not found.
 */
export async function readLifecycle(deps: QueryDeps, clientId: string): Promise<ClientLifecycleView | null> {
  const { rows } = await deps.pool.query<LifecycleRow>(
    `select l.*, u.user_id as ic_user_id, u.first_name as ic_first_name, u.last_name as ic_last_name,
            u.email as ic_email, u.phone_number as ic_phone_number,
            l.version
       from rm_client_lifecycle l
       left join rm_users u on u.user_id = l.implementation_consultant_user_id
      where l.client_id = $1`,
    [clientId],
  );
  const row = rows[0];
  if (row?.deleted_at) return null;
  if (!row) {
    const form = await readClientView(deps, clientId);
    if (!form) return null;
    return {
      clientId,
      name: form.name,
      ticketId: null,
      implementationType: 'NEW_CASE',
      isTest: form.isTest === true,
      isDraft: false,
      isArchived: false,
      releaseStatus: null,
      slfImplementationConsultant: null,
      policies: [],
      setupSteps: SETUP_STEPS.map((s) => ({
        stepId: s.id,
        title: s.title,
        completed: true,
        completedAt: null,
      })),
      completedSetup: true,
      completedSetupAt: null,
      createdAt: new Date(0).toISOString(),
      version: -1,
    };
  }
  const consultant: ImplementationConsultant | null = row.ic_user_id
    ? {
        userId: row.ic_user_id,
        firstName: row.ic_first_name ?? '',
        lastName: row.ic_last_name ?? '',
        email: row.ic_email ?? '',
        phoneNumber: row.ic_phone_number,
      }
    : null;
  return {
    clientId,
    name: row.name,
    ticketId: row.ticket_id,
    implementationType: row.implementation_type,
    isTest: row.is_test,
    isDraft: row.is_draft,
    isArchived: row.is_archived,
    releaseStatus: row.release_status,
    slfImplementationConsultant: consultant,
    policies: row.policies,
    setupSteps: SETUP_STEPS.map((s) => ({
      stepId: s.id,
      title: s.title,
      completed: Boolean(row.setup_steps[s.id]),
      completedAt: row.setup_steps[s.id] ?? null,
    })),
    completedSetup: row.completed_setup_at !== null,
    completedSetupAt: iso(row.completed_setup_at),
    createdAt: row.created_at.toISOString(),
    version: Number(row.version),
  };
}

async function welcomeCompletedAt(deps: QueryDeps, clientId: string, actor: Actor): Promise<string | null> {
  const { rows } = await deps.pool.query<{ at: string | null }>(
    'select welcome_completed->>$2 as at from rm_client_lifecycle where client_id = $1',
    [clientId, actor.userId],
  );
  return rows[0]?.at ?? null;
}

export function clientLifecycleQueryRoutes(deps: QueryDeps): Router {
  const router = Router();

  const readable = async (req: Parameters<Parameters<typeof mount>[2]>[0]) => {
    const { actor, clientId } = await requireClientReader(deps.authenticate, req);
    const lifecycle = await readLifecycle(deps, clientId);
    if (!lifecycle) throw new NotFoundError('Client not found');
    return { actor, clientId, lifecycle };
  };

  mount(router, getClientLifecycle, async (req, res) => {
    const { lifecycle } = await readable(req);
    res.setHeader('ETag', `"${lifecycle.version}"`);
    res.json(lifecycle);
  });

  mount(router, getClientSetup, async (req, res) => {
    const { lifecycle } = await readable(req);
    const step = (id: string) => {
      const found = lifecycle.setupSteps.find((s) => s.stepId === id)!;
      return { completed: found.completed, completedAt: found.completedAt };
    };
    res.json({
      broker: step('broker'),
      benAdmin: step('benAdmin'),
      docusignEnvelop: step('docusignEnvelop'),
      configCompanyInfo: step('configCompanyInfo'),
      importCompanyInfo: step('importCompanyInfo'),
      completedSetup: lifecycle.completedSetup,
      completedSetupAt: lifecycle.completedSetupAt,
    });
  });

  mount(router, getWelcomeFlow, async (req, res) => {
    const { actor, clientId, lifecycle } = await readable(req);
    const form = await readClientView(deps, clientId);
    const keyDates: { label: string; date: string }[] = [];
    for (const policy of form?.policies ?? []) {
      if (typeof policy.policyEffective === 'string' && policy.policyEffective)
        keyDates.push({
          label: `Policy ${String(policy.slfPolicyNumber ?? '')} takes effect`.replace('  ', ' '),
          date: policy.policyEffective,
        });
    }
    const { rows } = await deps.pool.query<{ task_id: string; due_date: string }>(
      `select task_id, to_char(due_date, 'YYYY-MM-DD') as due_date from rm_tasks
        where client_id = $1 and due_date is not null and status not in ('Done', 'Voided', 'Declined')
        order by due_date, task_id limit 3`,
      [clientId],
    );
    for (const row of rows)
      if (isTaskId(row.task_id))
        keyDates.push({ label: `${taskDefinition(row.task_id).title} due`, date: row.due_date });
    keyDates.sort((a, b) => a.date.localeCompare(b.date));
    res.json({
      clientName: form?.name ?? lifecycle.name,
      welcomeFlowCompletedAt: await welcomeCompletedAt(deps, clientId, actor),
      implementationConsultant: lifecycle.slfImplementationConsultant,
      keyDates,
    });
  });

  return router;
}
