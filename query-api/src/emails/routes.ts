import { Router } from 'express';
import {
  NotFoundError,
  isInternal,
  type Actor,
  EMAIL_STATUS_LABELS,
  type EmailStatus,
  type EmailStatusEntry,
  EMAIL_KIND_LABELS,
  PERSONAL_LINK_KINDS,
  WITHHELD_BODY,
} from '@onboard/domain';
import type { EmailKind } from '@onboard/events';
import { mount } from '@onboard/api-contract/express';
import { requireActor, requirePermission, type QueryDeps, requireClientReader } from '../http/context.ts';
import {
  countEmails,
  getClientEmail,
  getEmail,
  listClientEmails,
  listEmails,
  type EMAIL_SORT_KEYS,
} from './routes.contract.ts';

type EmailRow = {
  id: string;
  kind: EmailKind;
  to: string;
  cc: string;
  subject: string;
  body: string;
  html: string | null;
  client_id: string | null;
  client_name: string | null;
  user_ids: string[];
  resend_of: string | null;
  status: EmailStatus;
  status_history: EmailStatusEntry[];
  attempts: number;
  last_error: string | null;
  rejected: string[];
  message_id: string | null;
  created_at: Date;
  updated_at: Date;
};

const SORT_COLUMNS: Record<(typeof EMAIL_SORT_KEYS)[number], string> = {
  createdAt: 'e.created_at',
  subject: 'lower(e.subject)',
  to: 'lower(e."to")',
  status: 'e.status',
  kind: 'e.kind',
};

const split = (list: string) => (list ? list.split(', ') : []);
const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function summary(row: EmailRow) {
  return {
    id: row.id,
    emailId: row.id,
    kind: row.kind,
    kindLabel: EMAIL_KIND_LABELS[row.kind],
    to: split(row.to),
    cc: split(row.cc),
    subject: row.subject,
    status: row.status,
    statusLabel: EMAIL_STATUS_LABELS[row.status],
    clientId: row.client_id,
    clientName: row.client_name || null,
    attempts: row.attempts,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * An e-mail's users in error: when it failed or bounced, its recipients that are users (those the
 * server refused, when it named them).
 */
async function errorUsers(deps: QueryDeps, row: EmailRow) {
  if (row.status !== 'FAILED' && row.status !== 'BOUNCED') return [];
  if (row.user_ids.length === 0) return [];
  const { rows } = await deps.pool.query<{
    user_id: string;
    first_name: string;
    last_name: string;
    email: string;
  }>('select user_id, first_name, last_name, email from rm_users where user_id = any($1)', [row.user_ids]);
  const refused = new Set(row.rejected.map((a) => a.toLowerCase()));
  return rows
    .filter((u) => refused.size === 0 || refused.has(u.email.toLowerCase()))
    .map((u) => ({
      userId: u.user_id,
      user: { name: `${u.first_name} ${u.last_name}`.trim(), email: u.email },
    }));
}

async function isRecipient(deps: QueryDeps, actor: Actor, recipients: string[]) {
  const { rows } = await deps.pool.query<{ email: string }>('select email from rm_users where user_id = $1', [
    actor.userId,
  ]);
  const email = rows[0]?.email.toLowerCase();
  return email !== undefined && recipients.some((r) => r.toLowerCase() === email);
}

async function detail(deps: QueryDeps, row: EmailRow, actor: Actor) {
  const recipients = [...split(row.to), ...split(row.cc)];
  const withheld =
    !isInternal(actor) &&
    PERSONAL_LINK_KINDS.includes(row.kind) &&
    !row.user_ids.includes(actor.userId) &&
    !(await isRecipient(deps, actor, recipients));
  return {
    ...summary(row),
    recipients,
    body: withheld ? WITHHELD_BODY : row.body,
    html: withheld ? null : row.html,
    statusHistory: row.status_history.map((h) => ({ ...h, statusLabel: EMAIL_STATUS_LABELS[h.status] })),
    errorUsers: await errorUsers(deps, row),
    lastError: row.last_error,
    resendOf: row.resend_of,
    messageId: row.message_id,
  };
}

const SELECT = `select e.*, c.name as client_name from rm_emails e left join rm_clients c on c.client_id = e.client_id`;

/** The search: subject, recipients (to and cc) and the client's name. */
function where(search: string | undefined, clientId: string | null) {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (clientId !== null) {
    params.push(clientId);
    clauses.push(`e.client_id = $${params.length}`);
  }
  if (search) {
    params.push(likePattern(search));
    const p = `$${params.length}`;
    clauses.push(`(e.subject ilike ${p} or e."to" ilike ${p} or e.cc ilike ${p} or c.name ilike ${p})`);
  }
  return { sql: clauses.length ? `where ${clauses.join(' and ')}` : '', params };
}

/** The e-mail records (onboarding §7 "Emails"): staff read every one, a client's people their client's. */
export function emailQueryRoutes(deps: QueryDeps): Router {
  const router = Router();

  const page = async (
    query: {
      limit: number;
      offset: number;
      search?: string;
      sortBy: (typeof EMAIL_SORT_KEYS)[number];
      sortDirection: 'asc' | 'desc';
    },
    clientId: string | null,
  ) => {
    const w = where(query.search, clientId);
    const direction = query.sortDirection === 'asc' ? 'asc' : 'desc';
    const { rows } = await deps.pool.query<EmailRow>(
      `${SELECT} ${w.sql} order by ${SORT_COLUMNS[query.sortBy]} ${direction}, e.created_at desc, e.id
       limit $${w.params.length + 1} offset $${w.params.length + 2}`,
      [...w.params, query.limit, query.offset],
    );
    return rows.map(summary);
  };
  const count = async (search: string | undefined, clientId: string | null) => {
    const w = where(search, clientId);
    const { rows } = await deps.pool.query<{ n: number }>(
      `select count(*)::int as n from rm_emails e left join rm_clients c on c.client_id = e.client_id ${w.sql}`,
      w.params,
    );
    return rows[0]!.n;
  };
  const one = async (emailId: string, clientId: string | null) => {
    const { rows } = await deps.pool.query<EmailRow>(
      `${SELECT} where e.id = $1 ${clientId === null ? '' : 'and e.client_id = $2'}`,
      clientId === null ? [emailId] : [emailId, clientId],
    );
    if (!rows[0]) throw new NotFoundError('Email not found');
    return rows[0];
  };

  mount(router, listEmails, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    requirePermission(actor, 'emails', 'read');
    res.json(await page(input.query(), null));
  });
  mount(router, countEmails, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    requirePermission(actor, 'emails', 'read');
    res.json({ count: await count(input.query().search, null) });
  });
  mount(router, getEmail, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    requirePermission(actor, 'emails', 'read');
    res.json(await detail(deps, await one(String(req.params.emailId), null), actor));
  });
  mount(router, listClientEmails, async (req, res, input) => {
    const { clientId } = await requireClientReader(deps.authenticate, req);
    const query = input.query();
    res.json({ items: await page(query, clientId), total: await count(query.search, clientId) });
  });
  mount(router, getClientEmail, async (req, res) => {
    const { actor, clientId } = await requireClientReader(deps.authenticate, req);
    res.json(await detail(deps, await one(String(req.params.emailId), clientId), actor));
  });

  return router;
}
