import type { Router } from 'express';
import { handle, routerOf } from '@onboard/api-contract/express';
import { explorerVisitorRoutes } from './visitor-routes.ts';
import {
  attachExplorerDocument,
  createExplorerSite,
  deleteExplorerSite,
  renewExplorerSite,
  sendLead,
  transferExplorerSites,
  updateExplorerSite,
} from './routes.contract.ts';
import { explorerSites, loadSite, type ExplorerCommandDeps } from './context.ts';
import { createSiteOf } from './create-site.ts';
import { updateSite } from './update-site.ts';
import { deleteSite } from './delete-site.ts';
import { renewSite } from './renew-site.ts';
import { attachDocument } from './attach-document.ts';
import { transferSites } from './transfer-sites.ts';
import { sendLeadForm } from './send-lead.ts';

/**
 * Explorer site management (explorer §2 internal routes, §7) and the public lead send. Every write loads
 * the site's stream, decides, and appends with the expected revision.
 */
export function createExplorerCommands(deps: ExplorerCommandDeps): Router {
  const router = routerOf(explorerSites(deps), [
    handle(createExplorerSite, createSiteOf),
    handle(updateExplorerSite, updateSite),
    handle(deleteExplorerSite, deleteSite),
    handle(renewExplorerSite, renewSite),
    handle(attachExplorerDocument, attachDocument),
    handle(transferExplorerSites, transferSites),
    handle(sendLead, sendLeadForm),
  ]);

  router.use(
    explorerVisitorRoutes({
      ...deps,
      loadPage: async (id) => {
        const { state } = await loadSite(deps.store, id);
        return state.status === 'active' ? state.page : null;
      },
    }),
  );

  return router;
}
