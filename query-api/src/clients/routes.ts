import { readUntil } from '../http/catch-up.ts';
import { clientViewAnswer } from '@onboard/api-contract/views';
import { Router } from 'express';
import {
  NotFoundError,
  fromDocument,
  toClientView,
  toEditingView,
  type EifStateDocument,
} from '@onboard/domain';
import { changeRecordsFromLog, type ChangeLogRow } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { resolvePeople, withPeople } from '@onboard/api-contract/people';
import { type QueryDeps, requireClientReader } from '../http/context.ts';
import { readClientTasks } from '../tasks/routes.ts';
import { COLLECTION_PATHS, COLLECTION_ROUTES, getChangeRecords, getClient } from './routes.contract.ts';

type ClientRow = { state: EifStateDocument; version: string };

/** `accepted` (the default) is the signed-off state; `editing` has every pending change applied. */
export type ClientViewKind = 'accepted' | 'editing';

export async function readClientView(deps: QueryDeps, clientId: string, kind: ClientViewKind = 'accepted') {
  const { rows } = await deps.pool.query<ClientRow>(
    'select state, version from rm_clients where client_id = $1',
    [clientId],
  );
  const row = rows[0];
  if (!row) return null;
  const toView = kind === 'editing' ? toEditingView : toClientView;
  return toView(fromDocument(row.state), BigInt(row.version));
}

/**
 * Read-your-writes over an eventually consistent read model: an editor who has just saved knows the
 * version its save made and asks for at least that one; the answer waits (briefly) for the projection to
 * reach it, so the next save's If-Match is not stale through no one else's doing. After the wait it
 * answers what the read model has.
 */
export async function readClientViewAtLeast(
  deps: QueryDeps,
  clientId: string,
  kind: ClientViewKind,
  minVersion: number | undefined,
) {
  return readUntil(
    () => readClientView(deps, clientId, kind),
    (view) => !view || minVersion === undefined || view.version >= minVersion,
  );
}

export function clientQueryRoutes(deps: QueryDeps): Router {
  const router = Router();

  mount(router, getClient, async (req, res, input) => {
    const { clientId } = await requireClientReader(deps.authenticate, req);
    const query = input.query();
    const view = await readClientViewAtLeast(deps, clientId, query.view ?? 'accepted', query.minVersion);
    if (!view) throw new NotFoundError('Client not found');
    res.setHeader('ETag', `"${view.version}"`);
    // The ETag is the client's version (the next write's If-Match), which the tasks do not move: a
    // browser must not revalidate against it and keep tasks that changed since.
    res.setHeader('Cache-Control', 'no-store');
    // platform §3: the client's tasks, and each policy's.
    const tasks = await readClientTasks(deps.pool, clientId);
    const client = clientViewAnswer(view);
    const withTasks = {
      ...client,
      tasks: tasks.filter((task) => task.policyId === null),
      policies: client.policies.map((policy) => ({
        ...policy,
        policyTasks: tasks.filter((task) => task.policyId === policy.id),
      })),
    };
    // Who signed, reviewed and made each pending change, by name and role (never their ids).
    res.json(await withPeople(deps.pool, withTasks));
  });

  for (const route of COLLECTION_ROUTES) {
    const list =
      COLLECTION_PATHS[route.path.slice('/api/clients/{clientId}/'.length) as keyof typeof COLLECTION_PATHS];
    mount(router, route, async (req, res) => {
      const { clientId } = await requireClientReader(deps.authenticate, req);
      const view = await readClientView(deps, clientId, 'editing');
      if (!view) throw new NotFoundError('Client not found');
      res.setHeader('ETag', `"${view.version}"`);
      res.json(view[list]);
    });
  }

  // Change records in the spec's shape (onboarding §3): one record per entity change, oldest first.
  mount(router, getChangeRecords, async (req, res) => {
    const { clientId } = await requireClientReader(deps.authenticate, req);
    const { rows } = await deps.pool.query<ChangeLogRow>(
      `select change_id, action, entity, entity_id, attribute_key, value, previous_value, status, created_at, created_by_user
         from rm_change_details where client_id = $1 order by position_commit, position_prepare, attribute_key`,
      [clientId],
    );
    const records = changeRecordsFromLog(rows);
    const people = await resolvePeople(
      deps.pool,
      clientId,
      records.map((record) => record.createdByUser.id),
    );
    res.json(
      records.map((record) => ({
        ...record,
        createdByUser: { ...record.createdByUser, name: people[record.createdByUser.id] ?? null },
      })),
    );
  });

  return router;
}
