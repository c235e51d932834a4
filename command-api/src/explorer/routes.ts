import { Router } from 'express';
import { mount } from '@onboard/api-contract/express';
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
  const router = Router();
  const sites = explorerSites(deps);

  mount(router, createExplorerSite, createSiteOf(sites));
  mount(router, updateExplorerSite, updateSite(sites));
  mount(router, deleteExplorerSite, deleteSite(sites));
  mount(router, renewExplorerSite, renewSite(sites));
  mount(router, attachExplorerDocument, attachDocument(sites));
  mount(router, transferExplorerSites, transferSites(sites));
  mount(router, sendLead, sendLeadForm(sites));

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
