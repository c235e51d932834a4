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
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { readClientPeople } from '@onboard/api-contract/people';
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
    const people = await readClientPeople(deps.pool, clientId, 'role, last_name');
    res.json({
      rules: effectiveRules(rules).map((r) => ({ ...r, kindLabel: EMAIL_KIND_LABELS[r.kind] })),
      people: people.map((p) => ({
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
