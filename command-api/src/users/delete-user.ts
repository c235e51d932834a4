import { ForbiddenError, isInternal, type UserKind } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { executeUserCommand, releaseEmail } from '../auth/index.ts';
import { parseIfMatch } from '../http/validate.ts';
import type { USER_KIND_COMMANDS } from './routes.contract.ts';
import { OWN_ACCOUNT_DELETE_MESSAGE, assertVersion, loadToChange, type UserAdmin } from './context.ts';

/** A user deleted at the version seen; their e-mail address is free again. */
export const deleteUser =
  (
    { deps, callerOn }: UserAdmin,
    kind: UserKind,
  ): RouteHandler<(typeof USER_KIND_COMMANDS)[UserKind]['remove']> =>
  async (req, res) => {
    const { actor, userId } = await callerOn(req);
    // Staff would lock themselves (and perhaps every owner) out: another member of staff does it.
    if (userId === actor.userId && isInternal(actor)) throw new ForbiddenError(OWN_ACCOUNT_DELETE_MESSAGE);
    const { user, revision } = await loadToChange(deps, kind, actor, userId, 'delete');
    const ifMatch = parseIfMatch(req.header('if-match'));
    assertVersion(ifMatch, revision);
    await executeUserCommand(deps, actor, userId, { type: 'DeleteUser', data: {} }, ifMatch);
    await releaseEmail(deps, actor, user.email, userId);
    res.status(204).end();
  };
