import type { RouteHandler } from '@onboard/api-contract/express';
import type { attachExplorerDocument } from './routes.contract.ts';
import { write, type ExplorerSites } from './context.ts';

/** Staff attach a stored document to a site. */
export const attachDocument =
  ({ deps, metadata, staffOnSite }: ExplorerSites): RouteHandler<typeof attachExplorerDocument> =>
  async (req, res, input) => {
    const { actor, id, state, revision } = await staffOnSite(req);
    const document = input.body();
    const command = { type: 'AttachDocument' as const, data: { document }, metadata: metadata(actor) };
    const version = await write(deps, actor, id, { state, revision }, command, deps.newId());
    res.status(201).json({ explorerPageId: id, version: Number(version), document });
  };
