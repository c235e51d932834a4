import { addressOf, accountKey, type ThrottleKey } from '../http/throttle.ts';
import { upsertPassword } from './links.ts';
import type { upsertPasswordFromLink } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type SignInSteps } from './sign-in-steps.ts';

/** A password set by an activation or reset link. */
export const setPasswordFromLink =
  (steps: SignInSteps): RouteHandler<typeof upsertPasswordFromLink> =>
  async (req, res, input) => {
    const { deps, passed } = steps;
    const body = input.body();
    // Per address, and per link (each link belongs to one account); a password set gives the point back.
    const throttled: ThrottleKey[] = [
      ['activationAddress', addressOf(req)],
      ['activationAccount', accountKey(body.token)],
    ];
    await deps.throttle.consume(res, ...throttled);
    await upsertPassword(deps, body.token, body.password);
    await passed(throttled);
    res.status(204).end();
  };
