import { clientDocumentCommandRoutes, documentCommandRoutes } from '@onboard/command-api/documents';
import { documentQueryRoutes } from '@onboard/query-api/documents';
import { commandDepsOf, type Wiring } from './context.ts';

/** The document store's uploads, a client's documents and videos, their lists and downloads. */
export function wireDocuments(w: Wiring) {
  const { app, has, config, pool, store, documents, identity, newId } = w;
  const { authenticate } = identity;
  if (has('command-api')) {
    app.use(documentCommandRoutes({ authenticate, documents, newId }));
    app.use(clientDocumentCommandRoutes({ ...commandDepsOf(w), documents, videos: documents }));
  }
  if (has('query-api'))
    app.use(
      documentQueryRoutes({
        pool,
        authenticate,
        store,
        documents,
        videos: documents,
        zipTimeoutMs: config.documentsZipTimeoutMs,
      }),
    );
}
