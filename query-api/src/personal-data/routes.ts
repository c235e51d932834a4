import { Router, type Request } from 'express';
import { stringify } from 'csv-stringify';
import QueryStream from 'pg-query-stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { personLabel, ACCESS_KINDS, type AccessKind, spreadsheetCell } from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, requirePermission, type QueryDeps } from '../http/context.ts';
import { exportPersonalDataAccess, listPersonalDataAccess } from './routes.contract.ts';

/** The most looks the page lists at once; the CSV export has them all. */
const ACCESS_LOG_PAGE_LIMIT = 500;

type Filters = { clientId?: string; userId?: string; from?: string; to?: string };

type Row = {
  event_id: string;
  kind: AccessKind;
  at: Date;
  client_id: string;
  client_name: string | null;
  user_id: string;
  role: string;
  first_name: string | null;
  last_name: string | null;
  what: string;
  reason: string;
};

/** The looks the filters match, newest first, with the client's and the person's names. */
function accessQuery(filters: Filters, limit: number | null) {
  const where: string[] = [];
  const values: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    values.push(value);
    where.push(sql.replace('?', `$${values.length}`));
  };
  if (filters.clientId) add('a.client_id = ?', filters.clientId);
  if (filters.userId) add('a.user_id = ?', filters.userId);
  if (filters.from) add(`a.at >= (?::date)::timestamp at time zone 'UTC'`, filters.from);
  if (filters.to) add(`a.at < ((?::date) + 1)::timestamp at time zone 'UTC'`, filters.to);
  const text = `
    select a.event_id, a.kind, a.at, a.client_id, coalesce(l.name, rc.name) as client_name,
           a.user_id, a.role, u.first_name, u.last_name, a.what, a.reason
      from rm_personal_data_access a
      left join rm_client_lifecycle l on l.client_id = a.client_id
      left join rm_clients rc on rc.client_id = a.client_id
      left join rm_users u on u.user_id = a.user_id
     ${where.length ? `where ${where.join(' and ')}` : ''}
     order by a.at desc, a.event_id desc
     ${limit === null ? '' : `limit ${limit + 1}`}`;
  return { text, values };
}

const entryOf = (row: Row) => ({
  id: row.event_id,
  kind: row.kind,
  kindLabel: ACCESS_KINDS[row.kind],
  at: row.at.toISOString(),
  clientId: row.client_id,
  clientName: row.client_name || 'A deleted client',
  userId: row.user_id,
  person: personLabel({ firstName: row.first_name, lastName: row.last_name, role: row.role }),
  what: row.what,
  reason: row.reason,
});

/** The access log of personal data (rm_personal_data_access): carrier owners only. */
export function personalDataAccessRoutes(deps: QueryDeps): Router {
  const router = Router();

  const owner = async (req: Request) => {
    const actor = await requireActor(deps.authenticate, req);
    requirePermission(actor, 'personal-data-access-log', 'read');
  };

  mount(router, listPersonalDataAccess, async (req, res, input) => {
    await owner(req);
    const filters = input.query();
    const { text, values } = accessQuery(filters, ACCESS_LOG_PAGE_LIMIT);
    const [{ rows }, clients, people] = await Promise.all([
      deps.pool.query<Row>(text, values),
      deps.pool.query<{ id: string; name: string | null }>(
        `select distinct a.client_id as id, coalesce(l.name, rc.name) as name
           from rm_personal_data_access a
           left join rm_client_lifecycle l on l.client_id = a.client_id
           left join rm_clients rc on rc.client_id = a.client_id`,
      ),
      deps.pool.query<{ id: string; role: string; first_name: string | null; last_name: string | null }>(
        `select distinct on (a.user_id) a.user_id as id, a.role, u.first_name, u.last_name
           from rm_personal_data_access a left join rm_users u on u.user_id = a.user_id
          order by a.user_id, a.at desc`,
      ),
    ]);
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    res.set('cache-control', 'private, no-store').json({
      entries: rows.slice(0, ACCESS_LOG_PAGE_LIMIT).map(entryOf),
      truncated: rows.length > ACCESS_LOG_PAGE_LIMIT,
      clients: clients.rows.map((c) => ({ id: c.id, name: c.name || 'A deleted client' })).sort(byName),
      people: people.rows
        .map((p) => ({
          id: p.id,
          name: personLabel({ firstName: p.first_name, lastName: p.last_name, role: p.role }),
        }))
        .sort(byName),
    });
  });

  mount(router, exportPersonalDataAccess, async (req, res, input) => {
    await owner(req);
    const { text, values } = accessQuery(input.query(), null);
    const client = await deps.pool.connect();
    try {
      const rows = client.query(new QueryStream(text, values, { batchSize: 500 }));
      res
        .status(200)
        .set('content-type', 'text/csv; charset=utf-8')
        .set('cache-control', 'private, no-store')
        .set('content-disposition', 'attachment; filename="personal-data-access-log.csv"');
      const toRecord = new Transform({
        objectMode: true,
        transform(row: Row, _encoding, done) {
          const e = entryOf(row);
          done(null, [e.at, e.clientName, e.person, e.kindLabel, e.what, e.reason].map(spreadsheetCell));
        },
      });
      await pipeline(
        rows,
        toRecord,
        stringify({
          header: true,
          columns: ['When (UTC)', 'Client', 'Person', 'What happened', 'What', 'Reason'],
        }),
        res,
      );
    } finally {
      client.release();
    }
  });

  return router;
}
