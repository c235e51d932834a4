import pg from 'pg';
import { randomUUID } from 'node:crypto';
const { mkdtempSync, chmodSync } = await import('node:fs');
const { startEmbeddedPostgres } = await import('@onboard/platform/database/embedded-postgres');
const { startApp } = await import('@onboard/platform/app');
const { embeddedTestConfig } = await import('@onboard/platform/config');
const dir = mkdtempSync('/tmp/lagex-'); chmodSync(dir, 0o777);
const db = await startEmbeddedPostgres({ dataDir: dir + '/data' });
await db.createDatabase('x');
const app = await startApp(embeddedTestConfig(db.url('x'), { webDist: null, seedDemoData: true, logLevel: 'error' }));
for (let i = 0; i < 300; i++) await app.store.append('s-' + (i % 20), [{ id: randomUUID(), type: 'Noise', data: {}, metadata: { actorId: 'x', actorRole: 'SLF_ADMIN', occurredAt: new Date().toISOString(), correlationId: randomUUID() } }], 'any');
await app.stop();
const c = new pg.Client(db.url('x')); await c.connect();
await c.query('analyze');
const { rows: cnt } = await c.query('select count(*) from es_events'); console.log(cnt);
const q = (sql: string, v: unknown[]) => c.query('explain (analyze, buffers) ' + sql, v).then(r => console.log(r.rows.map(x => x['QUERY PLAN']).join('\n'), '\n----'));
await c.query(`prepare feed(text, bigint, int, text) as with page as (
          select transaction_id::text as tx, global_position, false as is_held from es_events
          where (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
            and transaction_id < greatest(pg_snapshot_xmin(pg_current_snapshot()), $4::text::xid8)
          order by transaction_id, global_position limit $3
        )
        select * from page
        union all
        select null, null, true
        where exists (
          select 1 from es_events
          where transaction_id >= greatest(pg_snapshot_xmin(pg_current_snapshot()), $4::text::xid8)
        )`);
const { rows: h } = await c.query('select transaction_id::text as tx, global_position from es_events order by 1 desc, 2 desc limit 1 offset 5');
const ex = `execute feed('${h[0].tx}', ${h[0].global_position}, 1000, '0')`;
for (let k = 0; k < 7; k++) await c.query(ex);
await q(ex, []);
await c.end(); await db.stop(); process.exit(0);
