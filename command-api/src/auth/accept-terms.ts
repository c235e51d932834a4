import { requireActor } from '../http/context.ts';
import type { acceptTermsOfUse } from './routes.contract.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { type SignInSteps } from './sign-in-steps.ts';
import { awaitUserProjected, executeUserCommand } from './users.ts';

/** The signed-in user accepts the terms of use. */
export const acceptTerms =
  (steps: SignInSteps): RouteHandler<typeof acceptTermsOfUse> =>
  async (req, res) => {
    const { deps, authenticate } = steps;
    const actor = await requireActor(authenticate, req);
    const { revision } = await executeUserCommand(deps, actor, actor.userId, {
      type: 'AcceptTermsOfUse',
      data: {},
    });
    await awaitUserProjected(deps.pool, actor.userId, revision);
    res.status(204).end();
  };
