import { Router } from 'express';
import type pg from 'pg';
import {
  ClientEmailRulesSet,
  EmailDigestChosen,
  emailPreferencesStream,
  emailRulesStream,
  type EventStore,
} from '@onboard/events';
import {
  ForbiddenError,
  NotFoundError,
  isInternal,
  EMAIL_KIND_LABELS,
  RULE_ROLE_LABELS,
  effectiveRules,
  type EmailRule,
  type RuleRole,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, requirePermission, type Authenticate } from '../http/context.ts';
import { getEmailPreferences, getEmailRules } from './routes.contract.ts';

/** A client's notification rules, read from their stream, with the people they choose from. */
export function emailRuleQueryRoutes(deps: { store: EventStore; pool: pg.Pool; authenticate: Authenticate }) {
  const router = Router();
  mount(router, getEmailRules, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    requirePermission(actor, 'emails', 'read');
    const clientId = String(req.params.clientId);
    const client = await deps.pool.query('select 1 from rm_clients where client_id = $1', [clientId]);
    if (client.rowCount === 0) throw new NotFoundError('Client not found');
    const last = (await deps.store.readStream(emailRulesStream(clientId))).at(-1);
    const rules = last ? (ClientEmailRulesSet.shape.data.parse(last.data).rules as EmailRule[]) : [];
    const people = await deps.pool.query<{
      user_id: string;
      first_name: string;
      last_name: string;
      email: string;
      role: RuleRole;
    }>(
      `select user_id, first_name, last_name, email, role from rm_users
       where not is_deleted and role in ('BEN_ADMIN', 'BROKER') and $1 = any(client_ids)
       union all
       select u.user_id, u.first_name, u.last_name, u.email, 'CONSULTANT' from rm_client_lifecycle l
         join rm_users u on u.user_id = l.implementation_consultant_user_id and not u.is_deleted
        where l.client_id = $1
       order by role, last_name`,
      [clientId],
    );
    res.json({
      rules: effectiveRules(rules).map((r) => ({ ...r, kindLabel: EMAIL_KIND_LABELS[r.kind] })),
      people: people.rows.map((p) => ({
        userId: p.user_id,
        name: `${p.first_name} ${p.last_name}`.trim(),
        email: p.email,
        role: p.role,
        roleLabel: RULE_ROLE_LABELS[p.role],
      })),
    });
  });
  mount(router, getEmailPreferences, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const userId = String(req.params.userId);
    if (actor.userId !== userId && !isInternal(actor)) throw new ForbiddenError('Forbidden');
    const last = (await deps.store.readStream(emailPreferencesStream(userId))).at(-1);
    res.json({ daily: last ? EmailDigestChosen.shape.data.parse(last.data).daily : false });
  });
  return router;
}
