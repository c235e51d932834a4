import { expect, it } from 'vitest';

/** One example of a pure function: the arguments it is given and the answer it must give. */
export type Example<A extends unknown[], R> = readonly [args: A, answer: R];

/**
 * Tests of a pure function by examples, one test a name: each checks that the function gives every
 * example's arguments the answer beside them (`toEqual`).
 *
 *   itAnswers(maskZip, {
 *     'given a home ZIP code, then only its first three digits show': [[['10001'], '100**']],
 *   });
 */
export function itAnswers<A extends unknown[], R>(
  fn: (...args: A) => R,
  tests: Readonly<Record<string, readonly Example<A, R>[]>>,
): void {
  for (const [name, examples] of Object.entries(tests))
    it(name, () => {
      for (const [args, answer] of examples) expect(fn(...args)).toEqual(answer);
    });
}
