import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { WrongExpectedRevisionError, handleCommand, type EventStore } from '@onboard/events';
import { humanCheckStream } from '@onboard/events/catalogue/explorer';
import { humanCheckDecider } from '@onboard/domain';

/**
 * The human check behind the explorer §5 "recaptcha token". A challenge is shown to the visitor; the
 * widget's answer becomes the token the send carries, and the server verifies it once. A hosted service
 * (reCAPTCHA and the like) would implement the same port: `issue` renders its widget, `verify` calls its
 * verification endpoint.
 */
export type HumanCheckChallenge = {
  /** Opaque; the web returns it with the answer as `${challenge}.${answer}`. */
  challenge: string;
  /** The question, as two numbers to add, so the web words it in the visitor's language. */
  question: { kind: 'sum'; a: number; b: number };
  expiresAt: string;
};
export type HumanCheckVerdict = 'ok' | 'invalid';
export type HumanCheck = {
  issue: (now: Date) => Promise<HumanCheckChallenge>;
  verify: (token: string, purpose: string, now: Date) => Promise<HumanCheckVerdict>;
};

/** Chosen: long enough to read and answer a form, short enough that a harvested challenge goes stale. */
export const HUMAN_CHECK_TTL_MS = 10 * 60_000;

const b64 = (value: string) => Buffer.from(value).toString('base64url');
const unb64 = (value: string) => Buffer.from(value, 'base64url').toString('utf8');

/**
 * The built-in verifier: an HMAC-signed addition (the sum is never sent in the clear), expiring after
 * HUMAN_CHECK_TTL_MS, used at most once (an event on `explorerhumancheck-{nonce}` appended with
 * no_stream, so two replicas cannot both accept it).
 */
export function builtInHumanCheck(options: { secret: string; store: EventStore }): HumanCheck {
  const sign = (payload: string) =>
    createHmac('sha256', `explorer-human-check:${options.secret}`).update(payload).digest('base64url');
  return {
    issue: async (now) => {
      const a = randomInt(1, 10);
      const b = randomInt(1, 10);
      const expiresAt = new Date(now.getTime() + HUMAN_CHECK_TTL_MS).toISOString();
      const payload = b64(JSON.stringify({ n: randomUUID(), s: a + b, e: expiresAt }));
      return { challenge: `${payload}.${sign(payload)}`, question: { kind: 'sum', a, b }, expiresAt };
    },
    verify: async (token, purpose, now) => {
      const [payload, signature, answer] = token.split('.');
      if (!payload || !signature || answer === undefined) return 'invalid';
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      let claims: { n?: unknown; s?: unknown; e?: unknown };
      try {
        claims = JSON.parse(unb64(payload)) as typeof claims;
      } catch {
        return 'invalid';
      }
      if (typeof claims.n !== 'string' || typeof claims.e !== 'string') return 'invalid';
      if (Date.parse(claims.e) <= now.getTime()) return 'invalid';
      if (answer.trim() === '' || Number(answer.trim()) !== claims.s) return 'invalid';
      try {
        const at = now.toISOString();
        const visitor = { userId: 'anonymous', role: 'EXPLORER_VISITOR' };
        await handleCommand(options.store, humanCheckDecider, {
          stream: humanCheckStream(claims.n),
          appendAt: 'no_stream',
          newId: randomUUID,
          command: {
            type: 'UseHumanCheck',
            data: { nonce: claims.n, purpose },
            metadata: { at, by: visitor },
          },
          metadata: {
            actorId: visitor.userId,
            actorRole: visitor.role,
            occurredAt: at,
            correlationId: claims.n,
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
