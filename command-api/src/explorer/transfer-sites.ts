import { NotFoundError, ValidationError, isInternal, type Actor } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import type { transferExplorerSites } from './routes.contract.ts';
import { loadSite, write, type ExplorerSites } from './context.ts';

/**
 * Moves every site of one owner to another. The sites are found in the read model (a site created a
 * moment ago may not be there yet); each move is its own append with its expected revision.
 */
export const transferSites =
  ({ deps, metadata, staff }: ExplorerSites): RouteHandler<typeof transferExplorerSites> =>
  async (req, res) => {
    const actor = await staff(req);
    const from = String(req.params.currentOwnerId);
    const to = String(req.params.newOwnerId);
    const { rows: owners } = await deps.pool.query<{ role: string }>(
      'select role from rm_users where user_id = $1 and not is_deleted',
      [to],
    );
    const owner = owners[0];
    if (!owner) throw new NotFoundError('User not found');
    if (!isInternal({ userId: to, role: owner.role as Actor['role'], clientIds: [] })) {
      throw new ValidationError({ 'params.newOwnerId': 'The new owner must be an internal user' }); // chosen
    }
    const { rows } = await deps.pool.query<{ explorer_page_id: string }>(
      'select explorer_page_id from rm_explorer_pages where page_owner = $1 and not is_deleted order by explorer_page_id',
      [from],
    );
    const correlationId = deps.newId();
    const transferred: string[] = [];
    for (const { explorer_page_id: id } of rows) {
      const { state, revision } = await loadSite(deps.store, id);
      if (state.status !== 'active' || state.page.pageOwner !== from) continue;
      const command = { type: 'TransferOwnership' as const, data: { to }, metadata: metadata(actor) };
      await write(deps, actor, id, { state, revision }, command, correlationId);
      transferred.push(id);
    }
    res.json({ transferred });
  };
