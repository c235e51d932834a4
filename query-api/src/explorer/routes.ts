import { Router } from 'express';
import { mount } from '@onboard/api-contract/express';
import {
  downloadExplorerDocument,
  getExplorerSite,
  getPublicExplorerSite,
  getSupportChat,
  listClientExplorerSites,
  listOwnerExplorerSites,
  listSupportChats,
} from './routes.contract.ts';
import { explorerReads, type ExplorerQueryDeps } from './context.ts';
import { getSite, listClientSites, listOwnerSites } from './staff-sites.ts';
import { getChat, listChats } from './support-chats.ts';
import { downloadDocument } from './document.ts';
import { publicSite } from './public-site.ts';

/** The Explorer's read side over rm_explorer_pages (projections/src/explorer-pages.ts). */
export function createExplorerQueries(deps: ExplorerQueryDeps): Router {
  const router = Router();
  const reads = explorerReads(deps);

  mount(router, listClientExplorerSites, listClientSites(reads));
  mount(router, getExplorerSite, getSite(reads));
  mount(router, listOwnerExplorerSites, listOwnerSites(reads));
  mount(router, listSupportChats, listChats(reads));
  mount(router, getSupportChat, getChat(reads));
  mount(router, downloadExplorerDocument, downloadDocument(reads));
  mount(router, getPublicExplorerSite, publicSite(reads));

  return router;
}
