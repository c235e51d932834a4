import { requestSignInLink as sendSignInLink } from './links.ts';
import type { requestSignInLink } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type SignInSteps } from './sign-in-steps.ts';
import { emailOnRequest } from './request-email.ts';

/** A sign-in link e-mailed, whether or not the account exists. */
export const emailSignInLink =
  ({ deps }: SignInSteps): RouteHandler<typeof requestSignInLink> =>
  (req, res, input) =>
    emailOnRequest(deps, req, res, {
      email: input.body().username,
      counts: ['signInLinkAddress', 'signInLinkAccount'],
      send: sendSignInLink,
      event: 'sign-in-link-failed',
      failure: 'sign-in link e-mail failed',
    });
