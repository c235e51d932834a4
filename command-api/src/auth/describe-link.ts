import { describeLink } from './links.ts';
import type { describeAuthLink } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type SignInSteps } from './sign-in-steps.ts';

/** What an e-mailed link is for, and whether it still works. */
export const describeLinkHandler =
  (steps: SignInSteps): RouteHandler<typeof describeAuthLink> =>
  async (req, res) => {
    const { deps } = steps;
    res.json(await describeLink(deps, String(req.params.token)));
  };
