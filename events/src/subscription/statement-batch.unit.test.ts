import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';
import { describe, expect, it } from 'vitest';
import { escapeLiteral, inlineParameters } from './statement-batch.ts';

const pgEscapeLiteral = (text: string) => pg.Client.prototype.escapeLiteral.call(null, text);
const inline = (text: string, values: unknown[]) => inlineParameters(text, values, prepareValue);

describe('escapeLiteral', () => {
  it("writes the same literal as pg's escapeLiteral", () => {
    for (const text of [
      '',
      'plain',
      "O'Brien",
      "''",
      'back\\slash',
      "both ' and \\ and '' \\\\",
      '{"a":"b \\"c\\""}',
      "\\'",
      'line\nbreak\ttab',
    ])
      expect(escapeLiteral(text)).toBe(pgEscapeLiteral(text));
  });
});

describe('inlineParameters', () => {
  it('writes each placeholder as a literal, as the driver would send its value', () => {
    expect(inline('update t set a = $1, b = $2::jsonb where id = $3', ["O'Brien", { k: 'v' }, 7])).toBe(
      `update t set a = 'O''Brien', b = '{"k":"v"}'::jsonb where id = '7'`,
    );
    expect(inline('select $1, $2', [null, undefined])).toBe('select null, null');
    // Backslashes in the text make an escape string, with each backslash doubled (pg's escapeLiteral).
    expect(inline('select $1::text[]', [['a', 'b "c"', null]])).toBe(
      String.raw`select  E'{"a","b \\"c\\"",NULL}'::text[]`,
    );
    expect(inline('select $1', ['back\\slash'])).toBe(String.raw`select  E'back\\slash'`);
    expect(inline('select $1', [Buffer.from([0, 255])])).toBe(String.raw`select  E'\\x00ff'::bytea`);
  });

  it('takes $10 as the tenth value, not the first followed by a zero', () => {
    const values = Array.from({ length: 10 }, (_, i) => `v${i + 1}`);
    expect(inline('select $10, $1', values)).toBe(`select 'v10', 'v1'`);
  });

  it('leaves quoted strings, quoted names, dollar-quoted bodies and comments alone', () => {
    const text = `select '$1', "$1", $q$ $1 $q$, $$ $1 $$ -- $1
      /* $1 */ , $1`;
    expect(inline(text, ['x'])).toBe(`select '$1', "$1", $q$ $1 $q$, $$ $1 $$ -- $1
      /* $1 */ , 'x'`);
    expect(inline(`select 'it''s $1', $1`, ['x'])).toBe(`select 'it''s $1', 'x'`);
  });

  it('refuses a placeholder without a value', () => {
    expect(() => inline('select $2', ['only one'])).toThrow('No value for $2');
  });
});
