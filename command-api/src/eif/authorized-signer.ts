import { ForbiddenError, RuleError, ValidationError, isInternal } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { loadUser } from '../auth/users.ts';
import { executeEifCommands } from '../clients/routes.ts';
import { parseIfMatch } from '../http/validate.ts';
import type { setAuthorizedSigner } from './routes.contract.ts';
import type { EifCommands } from './context.ts';

const NOT_A_SIGNER = 'Choose one of the client’s benefits administrators';

/**
 * Staff name who signs: a benefits administrator of the client, the broker, or nobody (the default of
 * signing.ts). Saved as Client attributes through the EIF's own edit command, before the signature only:
 * afterwards there is nothing left to sign.
 */
export const authorizedSigner =
  ({ deps, callerOn, answer }: EifCommands): RouteHandler<typeof setAuthorizedSigner> =>
  async (req, res, input) => {
    const { actor, clientId } = await callerOn(req);
    if (!isInternal(actor)) throw new ForbiddenError('Only internal staff can name the authorized signer');
    const body = input.body();
    if (body.authorizedSignerUserId !== null) {
      const { state: user } = await loadUser(deps.store, body.authorizedSignerUserId);
      if (
        user.status !== 'active' ||
        user.user.role !== 'BEN_ADMIN' ||
        !user.user.clientIds.includes(clientId)
      )
        throw new ValidationError({ 'body.authorizedSignerUserId': NOT_A_SIGNER });
    }
    const { state, revision } = await executeEifCommands(
      deps,
      actor,
      clientId,
      ({ state: loaded, newChangeId }) => {
        if (loaded.status === 'signed') throw new RuleError('ALREADY_SIGNED', 'The form is already signed');
        return [
          {
            type: 'ChangeAttributes',
            data: {
              clientId,
              entity: 'Client',
              entityId: clientId,
              attributes: body,
              changeId: newChangeId(),
            },
          },
        ];
      },
      parseIfMatch(req.header('if-match')),
      req.header('x-correlation-id') ?? deps.newId(),
    );
    await answer(res, state, revision);
  };
