import { readAuthenticatedUser } from './authenticated-user.ts';
import type { exchangeSessionToken } from './routes.contract.ts';
import { sha256 } from './secrets.ts';
import { startSession } from './sessions.ts';
import type { RouteHandler } from '@onboard/api-contract/express';
import { InvalidSessionTokenError, type SignInSteps } from './sign-in-steps.ts';
import { awaitUserProjected, executeUserCommand } from './users.ts';

/** The one-time session token exchanged for the session's cookies. */
export const exchangeStep =
  (steps: SignInSteps): RouteHandler<typeof exchangeSessionToken> =>
  async (req, res, input) => {
    const { deps, activeUser } = steps;
    const body = input.body();
    const now = deps.now();
    const { rows } = await deps.pool.query<{ user_id: string; remember_device: boolean }>(
      `update auth_exchange_tokens set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2
         returning user_id, remember_device`,
      [sha256(body.sessionToken), now],
    );
    const exchange = rows[0];
    if (!exchange) throw new InvalidSessionTokenError();
    const user = await activeUser(exchange.user_id);
    await startSession(deps, res, user.userId, {
      rememberDevice: exchange.remember_device,
      secure: req.secure,
    });
    const { revision } = await executeUserCommand(
      deps,
      { userId: user.userId, role: user.role },
      user.userId,
      {
        type: 'RecordSignIn',
        data: {},
      },
    );
    // The session check reads rm_users: wait for this user's row so the very next call is signed in.
    await awaitUserProjected(deps.pool, user.userId, revision);
    deps.logger.info({ event: 'signed-in', userId: user.userId }, 'signed in');
    // A user removed meanwhile has no session to answer with: the sign-in has to start again.
    const authenticated = await readAuthenticatedUser(deps.pool, user.userId);
    if (!authenticated) throw new InvalidSessionTokenError();
    res.json(authenticated);
  };
