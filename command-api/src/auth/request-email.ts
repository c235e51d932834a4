import type { Request, Response } from 'express';
import { addressOf, accountKey, type ThrottleScope } from '../http/throttle.ts';
import type { AuthDeps } from './deps.ts';

/**
 * An e-mail asked for by address: every request sends one (or would), so each counts, per calling
 * address and per address asked for; the answer is always 204 after the same work as far as the caller
 * can see, so nothing tells whether the account exists. A failed send is logged as `event`.
 */
export async function emailOnRequest(
  deps: AuthDeps,
  req: Request,
  res: Response,
  request: {
    email: string;
    counts: readonly [address: ThrottleScope, account: ThrottleScope];
    send: (deps: AuthDeps, email: string) => Promise<unknown>;
    event: string;
    failure: string;
  },
) {
  const [address, account] = request.counts;
  await deps.throttle.consume(res, [address, addressOf(req)], [account, accountKey(request.email)]);
  await request.send(deps, request.email).catch((error: unknown) => {
    deps.logger.warn({ err: error, event: request.event }, request.failure);
  });
  res.status(204).end();
}
