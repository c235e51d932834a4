import { addressOf, accountKey } from '../http/throttle.ts';
import { requestSignInLink as sendSignInLink } from './links.ts';
import type { requestSignInLink } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type SignInSteps } from './sign-in-steps.ts';

/** A sign-in link e-mailed, whether or not the account exists. */
export const emailSignInLink =
  (steps: SignInSteps): RouteHandler<typeof requestSignInLink> =>
  async (req, res, input) => {
    const { deps } = steps;
    const { username } = input.body();
    // Each request sends an e-mail (or would): per address and per address asked for.
    await deps.throttle.consume(
      res,
      ['signInLinkAddress', addressOf(req)],
      ['signInLinkAccount', accountKey(username)],
    );
    // Always 204: nothing tells whether the account exists.
    await sendSignInLink(deps, username).catch((error: unknown) => {
      deps.logger.warn({ err: error, event: 'sign-in-link-failed' }, 'sign-in link e-mail failed');
    });
    res.status(204).end();
  };
