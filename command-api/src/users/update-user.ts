import type { UserKind } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { parseIfMatch } from '../http/validate.ts';
import type { USER_KIND_COMMANDS } from './routes.contract.ts';
import { assertVersion, bodyKeys, changeProfile, loadToChange, viewOf, type UserAdmin } from './context.ts';

/** A user's profile changed at the version seen. */
export const updateUser =
  (
    { deps, callerOn }: UserAdmin,
    kind: UserKind,
  ): RouteHandler<(typeof USER_KIND_COMMANDS)[UserKind]['update']> =>
  async (req, res, input) => {
    const { actor, userId } = await callerOn(req);
    // Fields are checked against the table before the schema, so a broker sending clientIds for their
    // own record gets the permission answer, not a schema one.
    const { user, revision } = await loadToChange(deps, kind, actor, userId, 'update', bodyKeys(req.body));
    const body = input.body();
    const ifMatch = parseIfMatch(req.header('if-match'));
    assertVersion(ifMatch, revision);
    const result = await changeProfile(deps, actor, user, body, ifMatch);
    res.setHeader('ETag', `"${result.revision}"`).json(viewOf(result));
  };
