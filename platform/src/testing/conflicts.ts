import { expect } from 'vitest';
import type { ConflictAnswer } from '@onboard/api-contract';
import type { ApiResponse } from './http-client.ts';

/**
 * Writers raced, each with its own value of one answer: exactly one was saved, and every other one was
 * refused with a conflict naming that answer (`answer`), the winner's value as theirs and its own as yours.
 * Answers the winner's value.
 */
export function expectOneWinner(
  answers: ApiResponse[],
  values: readonly string[],
  answer: Partial<ConflictAnswer>,
): string {
  const won = answers.flatMap((a, n) => (a.status === 200 ? [n] : []));
  const refused = answers.flatMap((a, n) => (a.status === 409 ? [n] : []));
  // Every attempt is accounted for: one saved, all the others refused, nothing else.
  expect(won).toHaveLength(1);
  expect(refused).toHaveLength(values.length - 1);
  const winner = values[won[0]!]!;
  for (const n of refused) {
    const body = answers[n]!.body as { code: string; message: string; conflicts: ConflictAnswer[] };
    expect(body.code).toBe('CONFLICT');
    expect(body.message).toContain('Choose which answer to keep');
    expect(body.conflicts).toEqual([
      expect.objectContaining({
        ...answer,
        theirs: winner,
        yours: values[n],
        changedBy: expect.objectContaining({ name: expect.stringMatching(/\S+ \S+/) }),
      }),
    ]);
  }
  return winner;
}
