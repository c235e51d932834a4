import type pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';

/** Turns one parameter's value into PostgreSQL text, as the driver would send it (pg's `prepareValue`). */
export type PrepareValue = (value: unknown) => string | Buffer | null;

/** What a projection's handler is given: a transaction's `query`. */
export type ProjectionTx = Pick<pg.PoolClient, 'query'>;

/**
 * A string as a PostgreSQL literal, the same text as pg's `escapeLiteral` (quotes doubled; with a
 * backslash, an escape string with backslashes doubled), written by the engine's own search and replace
 * rather than a character at a time: a rebuild's page inlines megabytes of JSON, which pg's loop took
 * about 0.3 s a megabyte to escape.
 */
export function escapeLiteral(text: string): string {
  const quoted = text.replaceAll("'", "''");
  return text.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/**
 * What the placeholders are looked for between: a quoted string (a doubled quote reads as two strings
 * side by side, the same text), a quoted name, a comment, a dollar-quoted body up to its own tag, or a
 * placeholder ($ and digits).
 */
const SKIPPED_OR_PLACEHOLDER =
  /'[^']*'|"[^"]*"|--[^\n]*|\/\*[\s\S]*?\*\/|(\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$)[\s\S]*?\1|\$(\d+)/g;

/**
 * Writes a statement's parameters into its text as literals, for the simple-query protocol, which takes
 * several statements in one round trip but no parameters. Placeholders inside quoted strings, quoted
 * names, dollar-quoted bodies and comments are left alone.
 */
export function inlineParameters(text: string, values: readonly unknown[], prepare: PrepareValue): string {
  const literal = (index: number) => {
    if (index < 1 || index > values.length) throw new Error(`No value for $${index}`);
    const prepared = prepare(values[index - 1]);
    if (prepared === null) return 'null';
    if (Buffer.isBuffer(prepared)) return `${escapeLiteral(`\\x${prepared.toString('hex')}`)}::bytea`;
    return escapeLiteral(prepared);
  };
  return text.replace(SKIPPED_OR_PLACEHOLDER, (match, _tag: string | undefined, index: string | undefined) =>
    index === undefined ? match : literal(Number(index)),
  );
}

const WRITE = /^\s*(insert|update|delete)\b/i;
const RETURNING = /\breturning\b/i;

/**
 * A transaction's statements sent in as few round trips as the handlers allow. A write that returns no
 * rows (insert, update or delete without `returning`) is kept and answered at once with an empty result;
 * the kept writes go to PostgreSQL with the next statement that returns rows, or with the closing
 * statements, as one simple query. Statements still run in the order the handlers issued them, so a
 * read sees every write before it; an error in a kept write fails the statement it is sent with, and so
 * the transaction.
 */
export function statementBatch(tx: pg.PoolClient, opening: string) {
  let pending: string[] = [opening];
  const send = async (last: string) => {
    const text = [...pending, last].join(';\n');
    pending = [];
    const result = (await tx.query(text)) as pg.QueryResult | pg.QueryResult[];
    return Array.isArray(result) ? result[result.length - 1]! : result;
  };
  const client: ProjectionTx = {
    query: (async (first: string | pg.QueryConfig, second?: unknown[]) => {
      const text = typeof first === 'string' ? first : first.text;
      const values = (typeof first === 'string' ? second : (first.values ?? second)) ?? [];
      const statement = inlineParameters(text, values, prepareValue);
      if (WRITE.test(text) && !RETURNING.test(text)) {
        pending.push(statement);
        return { command: '', rowCount: null, oid: 0, fields: [], rows: [] };
      }
      return send(statement);
    }) as ProjectionTx['query'],
  };
  return {
    client,
    /** Sends what is kept, then `closing` (the checkpoint and commit), in one round trip. */
    close: (closing: string) => send(closing),
  };
}
