import { Router } from 'express';
import { mount } from '@onboard/api-contract/express';
import {
  countDocuments,
  downloadClientDocument,
  downloadDocument,
  getClientDocumentNotice,
  getClientVideo,
  lastTouchedDocument,
  listDocumentCategories,
  listDocumentsMeta,
  associationSummaryDocuments,
  listAssociationExplorerSites,
  zipDocuments,
} from './routes.contract.ts';
import { documentQueries, type DocumentQueryDeps } from './context.ts';
import { categories } from './categories.ts';
import { list } from './list.ts';
import { count } from './count.ts';
import { lastTouched } from './last-touched.ts';
import { notice } from './notice.ts';
import { video } from './video.ts';
import { zip } from './zip.ts';
import { associationSites } from './association-sites.ts';
import { summaryDocuments } from './summary-documents.ts';
import { downloadOfClient } from './download-client-document.ts';
import { download } from './download.ts';

/**
 * The documents read model (projections/src/documents.ts) for the client's own people and staff, and the
 * files behind it: one at a time, or several in a zip streamed as it is built.
 */
export function documentQueryRoutes(deps: DocumentQueryDeps): Router {
  const router = Router();
  const documents = documentQueries(deps);

  mount(router, listDocumentCategories, categories(documents));
  mount(router, listDocumentsMeta, list(documents));
  mount(router, countDocuments, count(documents));
  mount(router, lastTouchedDocument, lastTouched(documents));
  mount(router, getClientDocumentNotice, notice(documents));
  mount(router, getClientVideo, video(documents));
  mount(router, zipDocuments, zip(documents));
  mount(router, listAssociationExplorerSites, associationSites(documents));
  mount(router, associationSummaryDocuments, summaryDocuments(documents));
  mount(router, downloadClientDocument, downloadOfClient(documents));
  mount(router, downloadDocument, download(documents));

  return router;
}
