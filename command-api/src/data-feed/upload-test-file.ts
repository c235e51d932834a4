import { type Actor, type ClientView } from '@onboard/domain';
import {
  CLEAN_ROUNDS_FOR_PRODUCTION,
  buildReport,
  checkFeed,
  cleanRoundsInARow,
  dataFeedFactsOf,
  dataFeedView,
} from '@onboard/domain/data-feed';
import type { RouteHandler } from '@onboard/api-contract/express';
import { invalidFile, requireFileName } from '../http/raw-upload.ts';
import { submittedCensus } from './census.ts';
import { DataFeedFileError, read834, write999 } from './x12.ts';
import type { uploadDataFeedTestFile } from './routes.contract.ts';
import { EDI_MIME_TYPE, baseName, loadCompanionGuide, requireUploads, type DataFeed } from './context.ts';

/** A test 834 read and checked into the next round, with its 999 acknowledgment stored beside it. */
export const uploadTestFile =
  (feed: DataFeed): RouteHandler<typeof uploadDataFeedTestFile> =>
  async (req, res) => {
    const { deps, execute, moveTask } = feed;
    const { actor, clientId, view } = res.locals.dataFeed as {
      actor: Actor;
      clientId: string;
      view: ClientView;
    };
    const name = requireFileName(req);
    const body: unknown = req.body;
    const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
    const { state: guide } = await loadCompanionGuide(deps.store);
    let read;
    try {
      read = read834(bytes.toString('utf8'), guide.profile);
    } catch (error) {
      if (error instanceof DataFeedFileError) throw invalidFile(error.message);
      throw error;
    }
    const facts = dataFeedFactsOf(view);
    const census = await submittedCensus(deps, view);
    const issues = checkFeed(read.feed, { facts, census, profile: guide.profile });
    const report = buildReport(read.ack, read.feed, issues, {
      eif: facts.signed,
      census: census !== null,
      guide: true,
    });

    // The file and its acknowledgment are stored first, then the round that names them.
    const put = requireUploads(deps.documents);
    const documentId = deps.newId();
    await put({
      documentId,
      bytes,
      mimeType: EDI_MIME_TYPE,
      name,
      uploadedBy: actor.userId,
      personalData: { clientId },
    });
    const acknowledgmentDocumentId = deps.newId();
    await put({
      documentId: acknowledgmentDocumentId,
      bytes: Buffer.from(write999(read, deps.now()), 'utf8'),
      mimeType: EDI_MIME_TYPE,
      name: `${baseName(name)} - 999.x12`,
      uploadedBy: actor.userId,
    });
    const { before, after } = await execute(req, actor, clientId, {
      type: 'RecordRound',
      data: { clientId, documentId, fileName: name, size: bytes.length, acknowledgmentDocumentId, report },
    });
    if (before.rounds.length === 0) await moveTask(req, actor, clientId, 'start');
    if (cleanRoundsInARow(after) === CLEAN_ROUNDS_FOR_PRODUCTION) {
      // Two clean rounds in a row: the task waits for staff to mark the feed ready.
      await moveTask(req, actor, clientId, 'start');
      await moveTask(req, actor, clientId, 'submit');
    }
    res.status(201).json(dataFeedView(after));
  };
