import { isMaskedCensusField, replacementCells } from '@onboard/domain/census';
import type { RouteHandler } from '@onboard/api-contract/express';
import { requireActor, requirePermission } from '../http/context.ts';
import type { replaceInCensusColumn } from './routes.contract.ts';
import type { Census } from './context.ts';

/** Find and replace in one column of the file. */
export const replaceInColumn =
  (census: Census): RouteHandler<typeof replaceInCensusColumn> =>
  async (req, res, input) => {
    const { field, find, replaceWith } = input.body();
    // Finding text in a masked column would tell what it holds: only a role that may reveal it searches it.
    if (isMaskedCensusField(field)) {
      const actor = await requireActor(census.deps.authenticate, req);
      requirePermission(actor, 'personal-data-reveal', 'read', { clientId: String(req.params.clientId) });
    }
    res.json(
      await census.correct(req, (document) => replacementCells(document, field, find, replaceWith), {
        field,
        find,
        replaceWith,
      }),
    );
  };
