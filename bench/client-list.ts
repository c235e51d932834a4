import { addDays } from 'date-fns';
// The staff client list (GET /api/clients) over 2,000 clients with their lifecycles and tasks, at a steady
// 50 requests a second with filters, search and sorts, against the trivial health route at the same rate
// in the same run. `npx tsx bench/client-list.ts` runs it alone.
import type pg from 'pg';
import type { Report } from './eif.ts';
import { runStandalone } from './standalone.ts';
import { pct, steady } from './load.ts';
import { signedInBenchClient, startBenchApp } from './app.ts';

const CLIENTS = Number(process.env.BENCH_CLIENT_LIST_CLIENTS ?? 2000);
const RATE = 50;
const SECONDS = Number(process.env.BENCH_CLIENT_LIST_SECONDS ?? 10);
const TARGET_MS = 50;
const TASKS = [
  'kickoff-call',
  'onboarding-forms',
  'company-profile',
  'connect-service',
  'enrollment-resources',
];
const POLICY_TASKS = ['enrollment-elections', 'prior-carrier-bills', 'dental-rollover'];
const STATUSES = ['Not Started', 'In Progress', 'Done', 'Done', 'NIGO', 'In Review', 'Upcoming', 'Voided'];
const WORDS = ['Lakeside', 'Hilltop', 'Harbor', 'Summit', 'Prairie', 'Granite', 'Maple', 'Cedar'];

/** The calls a staff member makes while working the list: pages, filters, search, every sort. */
export const CLIENT_LIST_QUERIES = [
  '',
  '?offset=25',
  '?search=lake',
  '?search=summit&sortBy=updatedAt&sortDirection=desc',
  '?phase=eif',
  '?phase=enrollment&sortBy=nextDueDate',
  '?eifStatus=signed&hasNigo=true',
  '?dueThisWeek=true&sortBy=nextDueDate',
  '?implementationConsultantUserId=bench-ic-1',
  '?live=true&sortBy=createdAt&sortDirection=desc',
  '?archived=true',
  '?isTest=true',
  '?search=granite&phase=setup&hasNigo=false',
  '?sortBy=nextDueDate&sortDirection=desc&offset=100',
];

// A client-view document of a realistic size (about 20 KB): the list must never have to read it.
const ENTITIES = Object.fromEntries(
  Array.from({ length: 60 }, (_, i) => [
    `Location:loc-${i}`,
    {
      attributes: {
        name: `Location ${i}`,
        address1: `${i} Main Street`,
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        notes: 'x'.repeat(200),
      },
    },
  ]),
);

/** 2,000 clients written straight into the read models, as the projections would leave them. */
async function seedClients(pool: pg.Pool) {
  const today = new Date();
  const dayOf = (offset: number) => addDays(today, offset).toISOString().slice(0, 10);
  await pool.query(
    `insert into rm_users (user_id, email, role, first_name, last_name, version, created_at, updated_at)
     select 'bench-ic-' || i, 'bench-ic-' || i || '@onboard.example', 'SLF_ADMIN', 'Consultant', 'Number ' || i,
            1, now(), now()
       from generate_series(1, 10) as i`,
  );
  const clients = Array.from({ length: CLIENTS }, (_, i) => ({
    client_id: `bench-${i}`,
    name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} Holdings ${i}`,
    state: { status: i % 3 === 0 ? 'signed' : 'pre_sign', pending: [], entities: ENTITIES },
    updated_at: new Date(today.getTime() - i * 60_000).toISOString(),
  }));
  await pool.query(
    `insert into rm_clients (client_id, name, version, state, updated_at)
     select client_id, name, 1, state, updated_at
       from jsonb_to_recordset($1::jsonb) as t(client_id text, name text, state jsonb, updated_at timestamptz)`,
    [JSON.stringify(clients)],
  );
  // Nine in ten have a lifecycle (the rest predate it); a few drafts, archived, test and LIVE clients.
  const lifecycles = clients
    .filter((_, i) => i % 10 !== 0)
    .map((c, n) => ({
      client_id: c.client_id,
      name: c.name,
      ic: `bench-ic-${(n % 10) + 1}`,
      is_test: n % 50 === 1,
      is_archived: n % 40 === 2,
      release_status: n % 8 === 3 ? 'LIVE' : null,
      completed_setup_at: n % 6 === 4 ? null : today.toISOString(),
      created_at: new Date(today.getTime() - n * 3_600_000).toISOString(),
    }));
  await pool.query(
    `insert into rm_client_lifecycle (client_id, name, implementation_type, implementation_consultant_user_id,
       is_test, is_archived, release_status, completed_setup_at, created_at)
     select client_id, name, 'NEW', ic, is_test, is_archived, release_status, completed_setup_at, created_at
       from jsonb_to_recordset($1::jsonb) as t(client_id text, name text, ic text, is_test boolean,
            is_archived boolean, release_status text, completed_setup_at timestamptz, created_at timestamptz)`,
    [JSON.stringify(lifecycles)],
  );
  const tasks = clients.flatMap((c, i) =>
    [
      ...TASKS.map((taskId, j) => ({ taskId, policyId: '', j })),
      ...POLICY_TASKS.flatMap((taskId, j) => [
        { taskId, policyId: 'p1', j: j + 5 },
        { taskId, policyId: 'p2', j: j + 8 },
      ]),
    ].map(({ taskId, policyId, j }) => ({
      client_id: c.client_id,
      task_id: taskId,
      policy_id: policyId,
      status: STATUSES[(i + j) % STATUSES.length],
      due_date: (i + j) % 5 === 0 ? null : dayOf(((i * 3 + j * 5) % 60) - 10),
    })),
  );
  for (let i = 0; i < tasks.length; i += 5000)
    await pool.query(
      `insert into rm_tasks (client_id, task_id, policy_id, status, due_date, status_updated_at)
       select client_id, task_id, policy_id, status, due_date, now()
         from jsonb_to_recordset($1::jsonb) as t(client_id text, task_id text, policy_id text, status text,
              due_date date)`,
      [JSON.stringify(tasks.slice(i, i + 5000))],
    );
  // The signed ones have net changes since signing: four locations of two answers each, three pending.
  await pool.query(
    `insert into rm_net_changes (client_id, entity, entity_id, attribute_key, first_position_commit,
       first_position_prepare, action, entity_status, status, value, previous_value, pending_change_ids,
       changed_at, changed_by)
     select 'bench-' || c, 'Location', 'loc-' || e, k, c, e, 'update', s, s, '"new"', '"old"',
            array['change-' || c || '-' || e], now(), '{"id":"bench-ic-1","role":"SLF_ADMIN"}'
       from generate_series(0, $1::int - 1, 3) as c, generate_series(1, 4) as e,
            unnest(array['city', 'name']) as k,
            lateral (select case when e = 4 then 'accepted' else 'pending' end as s) st`,
    [CLIENTS],
  );
  await pool.query(
    'analyze rm_clients; analyze rm_client_lifecycle; analyze rm_tasks; analyze rm_users; analyze rm_net_changes',
  );
  return tasks.length;
}

export async function benchClientList(databaseUrl: string, report: Report) {
  const app = await startBenchApp(databaseUrl);
  try {
    const taskCount = await seedClients(app.pool);
    const { cookie } = await signedInBenchClient(app, 'admin@onboard.example');
    const list = CLIENT_LIST_QUERIES.map((q) => `${app.url}/api/clients${q}`);
    const health = [`${app.url}/api/health`];
    await steady(list, cookie, 2, RATE); // warm-up, not recorded: JIT, pool connections, plans
    await steady(health, cookie, 1, RATE);
    const baseline = await steady(health, cookie, SECONDS, RATE);
    const measured = await steady(list, cookie, SECONDS, RATE);
    console.log(
      `      ${CLIENTS} clients, ${taskCount} tasks; GET /api/health at ${RATE}/s for ${SECONDS} s: p50 ${pct(baseline.times, 50).toFixed(1)} ms, p99 ${pct(baseline.times, 99).toFixed(1)} ms`,
    );
    console.log(
      `      GET /api/clients (${CLIENT_LIST_QUERIES.length} filter, search and sort mixes): p50 ${pct(measured.times, 50).toFixed(1)} ms`,
    );
    // Each mix alone, one at a time: which filter or sort costs what (informational).
    const each: string[] = [];
    for (const [i, url] of list.entries()) {
      const times: number[] = [];
      for (let n = 0; n < 15; n += 1) {
        const t = performance.now();
        await (await fetch(url, { headers: { cookie } })).arrayBuffer();
        times.push(performance.now() - t);
      }
      each.push(
        `${CLIENT_LIST_QUERIES[i] || '(first page)'} ${pct(
          times.sort((a, b) => a - b),
          50,
        ).toFixed(1)}`,
      );
    }
    console.log(`      one at a time, p50 ms: ${each.join('; ')}`);
    const p99 = pct(measured.times, 99);
    report(
      `GET /api/clients over ${CLIENTS} clients at ${RATE}/s for ${SECONDS} s (${measured.errors} errors), p99`,
      `${p99.toFixed(1)} ms`,
      pct(baseline.times, 99) / p99,
      `< ${TARGET_MS} ms`,
      p99 < TARGET_MS && measured.errors === 0,
    );
  } finally {
    await app.stop();
  }
}

runStandalone(import.meta.url, 'bench_client_list', (databaseUrl) =>
  benchClientList(databaseUrl, (name, value, ratio, target, isMet) => {
    const r = ratio === null ? '' : `  ratio ${ratio.toFixed(2)}x`;
    console.log(`${isMet ? 'PASS' : 'MISS'}  ${name}: ${value}${r}  (target ${target})`);
  }),
);
