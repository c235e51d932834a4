import { randomUUID } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { WrongExpectedRevisionError, handleCommand, type EventStore } from '@onboard/events';
import { humanCheckStream } from '@onboard/events/catalogue/explorer';
import { humanCheckDecider } from '@onboard/domain';

/**
 * The human check behind the explorer §5 "recaptcha token". A challenge is handed to the visitor's
 * widget; the widget's answer becomes the token the send carries, and the server verifies it once. A
 * hosted service (reCAPTCHA and the like) would implement the same port: `issue` renders its widget,
 * `verify` calls its verification endpoint.
 */
export type HumanCheckChallenge = {
  /** An ALTCHA proof-of-work challenge (HMAC-signed); the widget solves it and answers with its payload. */
  challenge: Challenge;
  expiresAt: string;
};
export type HumanCheckVerdict = 'ok' | 'invalid';
export type HumanCheck = {
  issue: (now: Date) => Promise<HumanCheckChallenge>;
  verify: (token: string, purpose: string, now: Date) => Promise<HumanCheckVerdict>;
};

/** Chosen: long enough to read and answer a form, short enough that a harvested challenge goes stale. */
export const HUMAN_CHECK_TTL_MS = 10 * 60_000;

/**
 * Chosen: SHA-256 with the answer drawn between 10,000 and 100,000 (about 55,000 hashes on average): well
 * under a second in a browser's workers, a real cost for a script sending thousands.
 */
const WORK = { algorithm: 'SHA-256', cost: 1, least: 10_000, most: 100_000 } as const;

/** The widget's answer: base64 of JSON { challenge, solution }. */
function payloadOf(token: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as {
      challenge?: Challenge;
      solution?: Solution;
    };
    return payload.challenge?.parameters && payload.solution
      ? { challenge: payload.challenge, solution: payload.solution }
      : null;
  } catch {
    return null;
  }
}

/**
 * The built-in verifier: an ALTCHA proof of work (altcha-lib), the challenge HMAC-signed with the secret
 * and the answer's key signed with a second key from it, expiring after HUMAN_CHECK_TTL_MS (the expiry is
 * in the signed data, read against the clock given), used at most once (an event on
 * `explorerhumancheck-{nonce}` appended with no_stream, so two replicas cannot both accept it).
 */
export function builtInHumanCheck(options: { secret: string; store: EventStore }): HumanCheck {
  const secrets = {
    hmacSignatureSecret: `explorer-human-check:${options.secret}`,
    hmacKeySignatureSecret: `explorer-human-check-key:${options.secret}`,
  };
  return {
    issue: async (now) => {
      const expiresAt = new Date(now.getTime() + HUMAN_CHECK_TTL_MS).toISOString();
      const challenge = await createChallenge({
        algorithm: WORK.algorithm,
        cost: WORK.cost,
        counter: randomInt(WORK.least, WORK.most),
        deriveKey,
        data: { expiresAt },
        ...secrets,
      });
      return { challenge, expiresAt };
    },
    verify: async (token, purpose, now) => {
      const payload = payloadOf(token.trim());
      if (!payload) return 'invalid';
      const result = await verifySolution({ ...payload, deriveKey, ...secrets });
      if (!result.verified) return 'invalid';
      // The signature held, so the expiry and the nonce are the ones issued.
      const { nonce, data } = payload.challenge.parameters;
      const expiresAt = typeof data?.expiresAt === 'string' ? Date.parse(data.expiresAt) : NaN;
      if (!(expiresAt > now.getTime())) return 'invalid';
      try {
        const at = now.toISOString();
        const visitor = { userId: 'anonymous', role: 'EXPLORER_VISITOR' };
        await handleCommand(options.store, humanCheckDecider, {
          stream: humanCheckStream(nonce),
          appendAt: 'no_stream',
          newId: randomUUID,
          command: {
            type: 'UseHumanCheck',
            data: { nonce: nonce, purpose },
            metadata: { at, by: visitor },
          },
          metadata: {
            actorId: visitor.userId,
            actorRole: visitor.role,
            occurredAt: at,
            correlationId: nonce,
          },
        });
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) return 'invalid';
        throw error;
      }
      return 'ok';
    },
  };
}
