import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '@onboard/testing/db';
import { statementBatch } from './statement-batch.ts';

describe('a batch of statements in one transaction', () => {
  let pool: pg.Pool;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await migratedDatabase('statement_batch'), max: 4 });
    await pool.query(`create table kept (k text primary key, t text, j jsonb, at timestamptz, tags text[],
      n int, amount numeric, raw bytea, flag boolean)`);
  });
  afterAll(async () => {
    await pool.end();
  });

  /** A connection that counts the round trips it makes. */
  const counted = async () => {
    const tx = await pool.connect();
    const query = tx.query.bind(tx) as (...args: unknown[]) => Promise<unknown>;
    const sent: string[] = [];
    (tx as unknown as { query: unknown }).query = (...args: unknown[]) => {
      sent.push(typeof args[0] === 'string' ? args[0] : (args[0] as pg.QueryConfig).text);
      return query(...args);
    };
    return { tx, sent };
  };

  const insert = `insert into kept (k, t, j, at, tags, n, amount, raw, flag)
    values ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9)`;
  const values = (k: string) => [
    k,
    `it's a "quote", a back\\slash and ünïcödé $1`,
    JSON.stringify({ nested: { list: [1, 'two', null] }, quote: "O'Brien" }),
    new Date('2026-11-27T23:59:58.123Z'),
    ['plain', 'with, comma', 'with "quotes"', 'back\\slash', '{braces}', null],
    -42,
    '12345678901234567890.125',
    Buffer.from([0, 1, 254, 255]),
    true,
  ];

  it('sends the writes with the next read, which sees them, and the rest with the commit', async () => {
    const { tx, sent } = await counted();
    try {
      const batch = statementBatch(tx, 'begin');
      await batch.client.query(insert, values('batched'));
      await batch.client.query('update kept set n = n + 1 where k = $1', ['batched']);
      expect(sent).toEqual([]);
      const read = await batch.client.query<{ n: number }>('select n from kept where k = $1', ['batched']);
      expect(read.rows).toEqual([{ n: -41 }]);
      expect(sent).toHaveLength(1);
      await batch.client.query('delete from kept where k = $1', ['nothing here']);
      await batch.close('commit');
      expect(sent).toHaveLength(2);
    } finally {
      tx.release();
    }
    // The values written as literals are the values the driver's parameters give.
    await pool.query(insert, values('parameters'));
    await pool.query(`update kept set n = n + 1 where k = 'parameters'`);
    const { rows } = await pool.query(
      `select k, t, j, at, tags, n, amount, raw, flag from kept where k in ('batched', 'parameters') order by k`,
    );
    expect(rows).toHaveLength(2);
    expect({ ...rows[0], k: 'same' }).toEqual({ ...rows[1], k: 'same' });
    expect(rows[0].tags).toEqual(values('x')[4]);
    expect(rows[0].raw).toEqual(Buffer.from([0, 1, 254, 255]));
  });

  it('fails at the statement a kept write is sent with, and nothing it wrote commits', async () => {
    const { tx } = await counted();
    try {
      const batch = statementBatch(tx, 'begin');
      await batch.client.query(insert, values('first'));
      await batch.client.query(insert, values('first')); // the primary key refuses it, later
      await expect(batch.close('commit')).rejects.toThrow(/duplicate key/);
      await tx.query('rollback');
    } finally {
      tx.release();
    }
    const { rows } = await pool.query(`select count(*)::int as n from kept where k = 'first'`);
    expect(rows[0].n).toBe(0);
  });
});
