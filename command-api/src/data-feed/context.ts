import { loadClientView } from '../eif/client-view.ts';
import type { Request, RequestHandler } from 'express';
import {
  COMPANION_GUIDE_STREAM,
  dataFeedStream,
  parseEvent,
  taskStream,
  type CompanionGuideProfileEvent,
  type EventStore,
  type SnapshotStore,
} from '@onboard/events';
import {
  AppError,
  FILE_TOO_LARGE_MESSAGE,
  ForbiddenError,
  MAX_UPLOAD_BYTES,
  NotFoundError,
  RuleError,
  isInternal,
  type Actor,
  type ClientView,
  type DocumentStore,
  foldWith,
  tasksDecider,
  type TaskCommand,
  type ClientTaskAction,
} from '@onboard/domain';
import { companionGuideDecider, dataFeedDecider, type DataFeedCommand } from '@onboard/domain/data-feed';
import { requireActor, requireClientAccess, type CommandDeps } from '../http/context.ts';
import { decideOnStream, requestContext } from '../http/decide.ts';
import type { EmailSender } from '../auth/email-port.ts';

export type DataFeedCommandDeps = CommandDeps & {
  documents: DocumentStore;
  emailSender: EmailSender;
  /** The base of e-mailed links. */
  publicUrl: () => string;
};

export const EDI_MIME_TYPE = 'application/edi-x12';
export const baseName = (name: string) => name.replace(/\.(834|x12|edi|txt|dat)$/i, '');

/** The carrier's companion-guide profile: the one saved last, else the default shipped. */
export async function loadCompanionGuide(store: EventStore) {
  const events = (await store.readStream(COMPANION_GUIDE_STREAM)).map(
    (r) => parseEvent(r) as unknown as CompanionGuideProfileEvent,
  );
  return { state: foldWith(companionGuideDecider, events), isDefault: events.length === 0 };
}

/** The client's signed plan design and form (404 for no such client). */
export async function loadView(
  deps: { store: EventStore; snapshots?: SnapshotStore },
  clientId: string,
): Promise<ClientView> {
  const view = await loadClientView(deps, clientId);
  if (!view) throw new NotFoundError('Client not found');
  return view;
}

/** The document store's write, refused where this server only reads from an external store. */
export const requireUploads = (documents: DocumentStore) => {
  if (!documents.put)
    throw new RuleError('UPLOADS_OFF', 'This server only reads documents from the external document store');
  return documents.put;
};

/** What every handler of the data feed shares: the dependencies, the caller's access, deciding a feed's command. */
export type DataFeed = ReturnType<typeof dataFeedCommands>;

/** The caller's access, a feed's command decided, the connect-service task moved along. */
export function dataFeedCommands(deps: DataFeedCommandDeps) {
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

  /** Before a test file is read: the caller, uploads on, the size, and the client's view. */
  const checkUpload: RequestHandler = async (req, res, next) => {
    const { actor, clientId } = await access(req);
    requireUploads(deps.documents);
    if (Number(req.get('content-length') ?? 0) > MAX_UPLOAD_BYTES)
      throw new AppError(413, 'FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
    res.locals.dataFeed = { actor, clientId, view: await loadView(deps, clientId) };
    next();
  };

  return { deps, access, execute, moveTask, checkUpload };
}
