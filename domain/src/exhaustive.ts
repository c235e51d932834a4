/**
 * The end of a switch over every command or event of a union: reaching it at run time is a bug (the
 * union gained a case the switch does not name), and the type checker says so first.
 */
export function unhandled(kind: 'command' | 'event', value: never): never {
  throw new Error(`Unknown ${kind} ${JSON.stringify(value)}`);
}
