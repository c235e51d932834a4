import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { HumanCheckChallenge } from './human-check.ts';

/** What the ALTCHA widget sends once it solved a challenge: base64 of JSON { challenge, solution }. */
export const humanCheckAnswer = (challenge: unknown, solution: unknown) =>
  Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

/** Solves a human-check challenge the way the widget does (the proof of work, in this process). */
export async function solveHumanCheck({ challenge }: HumanCheckChallenge) {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the human-check challenge was not solved in time');
  return { token: humanCheckAnswer(challenge, solution), solution };
}
