import { readUntil } from '../http/catch-up.ts';
import { createHash } from 'node:crypto';
import { Router } from 'express';
import { NotFoundError, assertOutsideSignerAllowed, type OutsideSigner } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { type QueryDeps, requireClientReader } from '../http/context.ts';
import { getNetChanges, getOutsideSignerNetChanges } from './routes.contract.ts';

type NetRow = {
  entity: string;
  entity_id: string;
  attribute_key: string;
  action: 'create' | 'update' | 'delete';
  entity_status: 'pending' | 'accepted' | 'declined';
  status: 'pending' | 'accepted' | 'declined';
  value: unknown;
  previous_value: unknown;
  pending_change_ids: string[];
  changed_at: Date;
  changed_by: { id: string; role: string };
  authors: { id: string; role: string; at: string }[];
  answer_changed_at: Date | null;
};

/** The net-changes read model (projections/src/net-changes.ts), one entry per entity. */
async function readNetChanges(deps: Pick<QueryDeps, 'pool'>, clientId: string) {
  const { rows } = await deps.pool.query<NetRow>(
    `select entity, entity_id, attribute_key, action, entity_status, status, value, previous_value,
            pending_change_ids, changed_at, changed_by, authors, answer_changed_at
       from rm_net_changes where client_id = $1
      order by first_position_commit, first_position_prepare, entity, entity_id, attribute_key`,
    [clientId],
  );
  type Net = {
    entity: string;
    entityId: string;
    action: NetRow['action'];
    status: NetRow['status'];
    details: {
      attributeKey: string;
      value: unknown;
      previousValue: unknown;
      status: NetRow['status'];
      authors: NetRow['authors'];
      changedAt: string;
    }[];
    pendingChangeIds: string[];
    changedAt: string;
    changedBy: { id: string; role: string };
  };
  const byEntity = new Map<string, Net>();
  for (const row of rows) {
    const key = `${row.entity}:${row.entity_id}`;
    let net = byEntity.get(key);
    if (!net) {
      net = {
        entity: row.entity,
        entityId: row.entity_id,
        action: row.action,
        status: row.entity_status,
        details: [],
        pendingChangeIds: row.pending_change_ids,
        changedAt: row.changed_at.toISOString(),
        changedBy: row.changed_by,
      };
      byEntity.set(key, net);
    }
    // An entity's change without attributes (a deletion) is one row with an empty key.
    if (row.attribute_key === '') continue;
    net.details.push({
      attributeKey: row.attribute_key,
      value: row.value,
      previousValue: row.previous_value,
      status: row.status,
      authors: row.authors,
      changedAt: (row.answer_changed_at ?? row.changed_at).toISOString(),
    });
  }
  return [...byEntity.values()];
}

/**
 * Read-your-writes over the eventually consistent read model, as for the client view: a page that has
 * just decided a change knows the version its decision made and asks for at least that one; the answer
 * waits briefly for the projection to reach it, then answers what the read model has.
 */
async function readNetChangesAtLeast(deps: QueryDeps, clientId: string, minVersion: number | undefined) {
  if (minVersion !== undefined)
    await readUntil(
      async () =>
        (
          await deps.pool.query<{ version: string }>(
            'select version from rm_net_change_versions where client_id = $1',
            [clientId],
          )
        ).rows[0]?.version,
      (version) => version !== undefined && Number(version) >= minVersion,
    );
  return readNetChanges(deps, clientId);
}

type ActionRow = { client_id: string; step_id: string; expires_at: Date; completed_at: Date | null };

/**
 * The net changes since signing (onboarding §4), for the client's people and staff (the permission
 * of the change records), and for an outside signer through their e-mailed action id.
 */
export function netChangeQueryRoutes(deps: QueryDeps): Router {
  const router = Router();

  mount(router, getNetChanges, async (req, res, input) => {
    const { clientId } = await requireClientReader(deps.authenticate, req);
    res.json(await readNetChangesAtLeast(deps, clientId, input.query().minVersion));
  });

  mount(router, getOutsideSignerNetChanges, async (req, res, input) => {
    const clientId = String(req.params.clientId);
    const actionId = String(req.params.actionId);
    // The same check as the outside signer's review (command-api/src/eif/outside-signer.ts): the id is
    // stored hashed; unknown, another client's, used and expired ids get one answer.
    const { rows } = await deps.pool.query<ActionRow>(
      `select client_id, step_id, expires_at, completed_at from outside_signer_actions where action_hash = $1`,
      [createHash('sha256').update(actionId).digest('hex')],
    );
    const row = rows[0];
    const now = deps.now?.() ?? new Date();
    if (!row || row.client_id !== clientId || row.completed_at !== null || row.expires_at <= now) {
      throw new NotFoundError('This link has expired or has already been used.');
    }
    const signer: OutsideSigner = { kind: 'outside-signer', clientId, actionId, stepId: row.step_id };
    assertOutsideSignerAllowed(signer, 'eif', 'read', { clientId, actionId });
    res.json(await readNetChangesAtLeast(deps, clientId, input.query().minVersion));
  });

  return router;
}
