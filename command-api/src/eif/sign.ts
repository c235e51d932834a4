import {
  ForbiddenError,
  NotFoundError,
  SIGNED_SECTIONS,
  decideSigner,
  entityKey,
  signerSettingOf,
} from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { executeEifCommands } from '../clients/routes.ts';
import { parseIfMatch } from '../http/validate.ts';
import type { signEif } from './routes.contract.ts';
import type { EifCommands } from './context.ts';

/**
 * Signing follows the client's signer setting (domain/src/eif/signing.ts), read from the same state the
 * signature is appended against, so a setting changed meanwhile is a conflict, not a bypass.
 */
export const sign =
  ({ deps, callerOn, answer }: EifCommands): RouteHandler<typeof signEif> =>
  async (req, res) => {
    const { actor, clientId } = await callerOn(req);
    const { state, revision } = await executeEifCommands(
      deps,
      actor,
      clientId,
      ({ state: loaded }) => {
        const client =
          loaded.status === 'empty' ? undefined : loaded.entities.get(entityKey('Client', clientId));
        if (!client) throw new NotFoundError('Client not found');
        const decision = decideSigner(signerSettingOf(client.attributes), actor);
        if (!decision.ok) throw new ForbiddenError(decision.message);
        return [
          {
            type: 'SignEif',
            // The authorized signer signs the whole form: every section review & submit lists.
            data: {
              clientId,
              signerKind: decision.signerKind,
              outsideSignerActionId: null,
              sections: SIGNED_SECTIONS,
            },
          },
        ];
      },
      parseIfMatch(req.header('if-match')),
      req.header('x-correlation-id') ?? deps.newId(),
    );
    await answer(res, state, revision);
  };
