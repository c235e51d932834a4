import { Router } from 'express';
import {
  COMPANION_GUIDE_STREAM,
  dataFeedStream,
  parseEvent,
  type CompanionGuideProfileEvent,
  type DataFeedEvent,
  type EventStore,
} from '@onboard/events';
import { ForbiddenError, NotFoundError, isInternal, type DocumentStore, foldWith } from '@onboard/domain';
import { companionGuideDecider, dataFeedDecider, dataFeedView } from '@onboard/domain/data-feed';
import { mount, sendDownload } from '@onboard/api-contract/express';
import { requireActor, type Authenticate, requireClientReader } from '../http/context.ts';
import { downloadDataFeedFile, getCompanionGuide, getDataFeed } from './routes.contract.ts';

export type DataFeedQueryDeps = {
  store: EventStore;
  authenticate: Authenticate;
  documents: Pick<DocumentStore, 'get'>;
};

/**
 * The data-feed reads: a client's rounds folded from `data-feed-{clientId}` (a round a test file: the
 * stream stays short), the files of the feed from the document store, and the carrier's companion guide.
 */
export function dataFeedQueryRoutes(deps: DataFeedQueryDeps): Router {
  const router = Router();

  const read = async (clientId: string) =>
    foldWith(
      dataFeedDecider,
      (await deps.store.readStream(dataFeedStream(clientId))).map((r) => parseEvent(r) as DataFeedEvent),
    );

  mount(router, getDataFeed, async (req, res) => {
    const { actor, clientId } = await requireClientReader(deps.authenticate, req);
    const view = dataFeedView(await read(clientId));
    // The census 834s hold the whole census: only staff see (and download) them.
    res.json(isInternal(actor) ? view : { ...view, exports: [] });
  });

  mount(router, downloadDataFeedFile, async (req, res) => {
    const { actor, clientId } = await requireClientReader(deps.authenticate, req);
    const documentId = String(req.params.documentId);
    const state = await read(clientId);
    const ofRound = state.rounds.some(
      (r) => r.documentId === documentId || r.acknowledgmentDocumentId === documentId,
    );
    const ofExport = state.exports.some((e) => e.documentId === documentId);
    if (!ofRound && !ofExport) throw new NotFoundError('No such file of the data feed');
    if (ofExport && !isInternal(actor)) throw new ForbiddenError('Only staff download the census as an 834');
    const file = await deps.documents.get(documentId);
    if (!file) throw new NotFoundError('This file is not in the document store');
    sendDownload(res, file);
  });

  mount(router, getCompanionGuide, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Only staff read the companion guide');
    const events = (await deps.store.readStream(COMPANION_GUIDE_STREAM)).map(
      (r) => parseEvent(r) as unknown as CompanionGuideProfileEvent,
    );
    const state = foldWith(companionGuideDecider, events);
    res.json({ profile: state.profile, isDefault: events.length === 0, changedAt: state.changedAt });
  });

  return router;
}
