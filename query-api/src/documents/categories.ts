import { documentCategories } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { requireActor } from '../http/context.ts';
import type { listDocumentCategories } from './routes.contract.ts';
import type { DocumentQueries } from './context.ts';

/** The document categories, for anyone signed in. */
export const categories =
  ({ deps }: DocumentQueries): RouteHandler<typeof listDocumentCategories> =>
  async (req, res) => {
    await requireActor(deps.authenticate, req);
    res.json(documentCategories.map((c) => ({ id: c.id, label: c.label, taskIds: [...c.taskIds] })));
  };
