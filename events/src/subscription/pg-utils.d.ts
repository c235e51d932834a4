// pg's own conversion of a parameter's value to the text it sends (exported as `pg/lib/utils`, untyped).
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): string | Buffer | null;
}
