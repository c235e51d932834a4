import { loadClientView } from '../eif/client-view.ts';
import { Router, type Request, type RequestHandler } from 'express';
import {
  COMPANION_GUIDE_STREAM,
  dataFeedStream,
  taskStream,
  type EventStore,
  type SnapshotStore,
} from '@onboard/events';
import {
  AppError,
  FILE_NAME_MISSING_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  ForbiddenError,
  MAX_UPLOAD_BYTES,
  NotFoundError,
  RuleError,
  ValidationError,
  isInternal,
  type Actor,
  type ClientView,
  type DocumentStore,
  foldWith,
  EMAIL_TEMPLATES,
  emailText,
  tasksDecider,
  type TaskCommand,
  type ClientTaskAction,
} from '@onboard/domain';
import {
  CLEAN_ROUNDS_FOR_PRODUCTION,
  buildReport,
  censusAsMembers,
  checkFeed,
  cleanRoundsInARow,
  companionGuideDecider,
  dataFeedDecider,
  dataFeedFactsOf,
  dataFeedView,
  type CompanionGuideProfile,
  type DataFeedCommand,
  type ProfileCommand,
} from '@onboard/domain/data-feed';
import { parseEvent, type CompanionGuideProfileEvent } from '@onboard/events';
import { mount } from '@onboard/api-contract/express';
import { requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import { decideOnStream, requestContext } from '../http/decide.ts';
import { FILE_NAME_HEADER, invalidFile, readRawFile, uploadedFileName } from '../http/raw-upload.ts';
import type { EmailSender } from '../auth/email-port.ts';
import { submittedCensus } from './census.ts';
import { DataFeedFileError, read834, write834, write999 } from './x12.ts';
import {
  exportCensusAs834,
  markDataFeedReady,
  setCompanionGuide,
  uploadDataFeedTestFile,
} from './routes.contract.ts';

export type DataFeedCommandDeps = CommandDeps & {
  documents: DocumentStore;
  emailSender: EmailSender;
  /** The base of e-mailed links. */
  publicUrl: () => string;
};

const EDI_MIME_TYPE = 'application/edi-x12';
const baseName = (name: string) => name.replace(/\.(834|x12|edi|txt|dat)$/i, '');

/** The carrier's companion-guide profile: the one saved last, else the default shipped. */
export async function loadCompanionGuide(store: EventStore) {
  const events = (await store.readStream(COMPANION_GUIDE_STREAM)).map(
    (r) => parseEvent(r) as unknown as CompanionGuideProfileEvent,
  );
  return { state: foldWith(companionGuideDecider, events), isDefault: events.length === 0 };
}

/** The client's signed plan design and form (404 for no such client). */
async function loadView(
  deps: { store: EventStore; snapshots?: SnapshotStore },
  clientId: string,
): Promise<ClientView> {
  const view = await loadClientView(deps, clientId);
  if (!view) throw new NotFoundError('Client not found');
  return view;
}

/**
 * The data-feed writes of a client (the connect-service task), on `data-feed-{clientId}`: a test 834
 * uploaded, read and checked into the next round; the feed marked ready for production (staff, after two
 * clean rounds in a row; production support told by e-mail); the submitted census made an 834 (staff).
 * The carrier's companion-guide profile is saved on its own stream (staff).
 */
export function dataFeedCommandRoutes(deps: DataFeedCommandDeps): Router {
  const router = Router();

  const access = async (req: Request, staffOnly = false) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    requireClientAccess(actor, clientId, 'update');
    if (staffOnly && !isInternal(actor)) throw new ForbiddenError('Only staff do this');
    return { actor, clientId };
  };

  const execute = (req: Request, actor: Actor, clientId: string, intent: Omit<DataFeedCommand, 'metadata'>) =>
    decideOnStream(deps, {
      request: { ...requestContext(req, deps.newId), ifMatch: null },
      actor,
      stream: dataFeedStream(clientId),
      decider: dataFeedDecider,
      build: (_state, metadata) => ({ ...intent, metadata }) as DataFeedCommand,
    });

  /** Moves the connect-service task along; a task already past that step stays as it is. */
  const moveTask = async (req: Request, actor: Actor, clientId: string, move: ClientTaskAction | 'Done') => {
    try {
      await decideOnStream(deps, {
        request: { ...requestContext(req, deps.newId), ifMatch: null },
        actor,
        stream: taskStream(clientId),
        decider: tasksDecider,
        build: (_state, metadata) =>
          (move === 'Done'
            ? {
                type: 'ChangeTaskStatus',
                data: { clientId, taskId: 'connect-service', policyId: null, status: 'Done', reason: null },
                metadata,
              }
            : {
                type: 'TakeTaskAction',
                data: { clientId, taskId: 'connect-service', policyId: null, action: move },
                metadata,
              }) as TaskCommand,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  };

  const checkUpload: RequestHandler = async (req, res, next) => {
    const { actor, clientId } = await access(req);
    if (!deps.documents.put)
      throw new RuleError('UPLOADS_OFF', 'This server only reads documents from the external document store');
    if (Number(req.get('content-length') ?? 0) > MAX_UPLOAD_BYTES)
      throw new AppError(413, 'FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
    res.locals.dataFeed = { actor, clientId, view: await loadView(deps, clientId) };
    next();
  };

  mount(
    router,
    uploadDataFeedTestFile,
    async (req, res) => {
      const { actor, clientId, view } = res.locals.dataFeed as {
        actor: Actor;
        clientId: string;
        view: ClientView;
      };
      const name = uploadedFileName(req.get(FILE_NAME_HEADER));
      if (name === null)
        throw new ValidationError({ [`header.${FILE_NAME_HEADER}`]: FILE_NAME_MISSING_MESSAGE });
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
      const documentId = deps.newId();
      await deps.documents.put!({
        documentId,
        bytes,
        mimeType: EDI_MIME_TYPE,
        name,
        uploadedBy: actor.userId,
        personalData: { clientId },
      });
      const acknowledgmentDocumentId = deps.newId();
      await deps.documents.put!({
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
    },
    { before: [checkUpload, readRawFile] },
  );

  mount(router, markDataFeedReady, async (req, res) => {
    const { actor, clientId } = await access(req, true);
    const view = await loadView(deps, clientId);
    const support = view.contacts.filter(
      (c) =>
        c.type === 'DATA_FEEDS_PRODUCTION_SUPPORT' && typeof c.email === 'string' && c.email.includes('@'),
    );
    if (support.length === 0)
      throw new RuleError(
        'NO_PRODUCTION_SUPPORT',
        'Name a data feeds production support contact with an e-mail address in the EIF first: they are told the feed is ready',
      );
    const notified = [...new Set(support.map((c) => String(c.email)))];
    const { after, events } = await execute(req, actor, clientId, {
      type: 'MarkReady',
      data: { clientId, notified },
    });
    const round = String(
      events[0]?.type === 'DataFeedMarkedReady' ? events[0].data.round : after.rounds.length,
    );
    const link = `${deps.publicUrl().replace(/\/+$/, '')}/client/${encodeURIComponent(clientId)}/task/connect-service`;
    for (const contact of support) {
      const content = EMAIL_TEMPLATES.DATA_FEED_READY!.build({
        firstName: String(contact.firstName ?? ''),
        clientName: view.name,
        rounds: String(CLEAN_ROUNDS_FOR_PRODUCTION),
        round,
        link,
      });
      await deps.emailSender.send({
        kind: 'DATA_FEED_READY',
        to: [String(contact.email)],
        subject: content.subject,
        body: emailText(content),
        content,
        link,
        clientId,
        actor: { userId: actor.userId, role: actor.role },
      });
    }
    await moveTask(req, actor, clientId, 'Done');
    res.json(dataFeedView(after));
  });

  mount(router, exportCensusAs834, async (req, res) => {
    const { actor, clientId } = await access(req, true);
    if (!deps.documents.put)
      throw new RuleError('UPLOADS_OFF', 'This server only reads documents from the external document store');
    const view = await loadView(deps, clientId);
    const census = await submittedCensus(deps, view);
    if (census === null)
      throw new AppError(
        400,
        'NO_CENSUS',
        'No census is submitted yet: submit one on a policy’s enrollment elections task',
      );
    const { state: guide } = await loadCompanionGuide(deps.store);
    const members = censusAsMembers(census, dataFeedFactsOf(view), guide.profile);
    const now = deps.now();
    const text = write834(
      {
        sponsorName: view.name,
        sponsorTaxId: view.taxId,
        reference: `CENSUS${now.toISOString().slice(0, 10).replaceAll('-', '')}`,
        members,
      },
      guide.profile,
      now,
    );
    const documentId = deps.newId();
    const fileName = `${view.name} - census ${now.toISOString().slice(0, 10)}.834`;
    await deps.documents.put({
      documentId,
      bytes: Buffer.from(text, 'utf8'),
      mimeType: EDI_MIME_TYPE,
      name: fileName,
      uploadedBy: actor.userId,
      personalData: { clientId },
    });
    await execute(req, actor, clientId, {
      type: 'RecordCensusExport',
      data: { clientId, documentId, fileName, members: members.length },
    });
    res.status(201).json({ documentId, fileName, members: members.length });
  });

  mount(router, setCompanionGuide, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Only staff edit the companion guide');
    const profile = input.body() as CompanionGuideProfile;
    const { after } = await decideOnStream(deps, {
      request: { ...requestContext(req, deps.newId), ifMatch: null },
      actor,
      stream: COMPANION_GUIDE_STREAM,
      decider: companionGuideDecider,
      build: (_state, metadata) => ({ type: 'SetProfile', data: { profile }, metadata }) as ProfileCommand,
    });
    res.json({ profile: after.profile, isDefault: false, changedAt: after.changedAt });
  });

  return router;
}
