import { loadClientView } from '../eif/client-view.ts';
import type { Request, RequestHandler } from 'express';
import {
  COMPANION_GUIDE_STREAM,
  dataFeedStream,
  parseEvent,
  type CompanionGuideProfileEvent,
  type EventStore,
  type SnapshotStore,
} from '@onboard/events';
import {
  NotFoundError,
  RuleError,
  type Actor,
  type ClientView,
  type DocumentStore,
  foldWith,
  type ClientTaskAction,
  type Intent,
} from '@onboard/domain';
import { companionGuideDecider, dataFeedDecider, type DataFeedCommand } from '@onboard/domain/data-feed';
import { callerOnClient, type CommandDeps } from '../http/context.ts';
import { decideIntent, unversioned } from '../http/decide.ts';
import type { EmailSender } from '../auth/email-port.ts';
import { moveTaskAlong } from '../tasks/context.ts';
import { refuseDeclaredOversize } from '../http/raw-upload.ts';

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
  const access = (req: Request, staffOnly = false) =>
    callerOnClient(deps.authenticate, req, staffOnly ? 'Only staff do this' : undefined);

  const execute = (req: Request, actor: Actor, clientId: string, intent: Intent<DataFeedCommand>) =>
    decideIntent(deps, {
      request: unversioned(req, deps.newId),
      actor,
      stream: dataFeedStream(clientId),
      decider: dataFeedDecider,
      intent,
    });

  /** Moves the connect-service task along; a task already past that step stays as it is. */
  const moveTask = async (req: Request, actor: Actor, clientId: string, move: ClientTaskAction | 'Done') => {
    const task = { clientId, taskId: 'connect-service', policyId: null };
    await moveTaskAlong(
      deps,
      req,
      actor,
      clientId,
      move === 'Done'
        ? { type: 'ChangeTaskStatus', data: { ...task, status: 'Done', reason: null } }
        : { type: 'TakeTaskAction', data: { ...task, action: move } },
    );
  };

  /** Before a test file is read: the caller, uploads on, the size, and the client's view. */
  const checkUpload: RequestHandler = async (req, res, next) => {
    const { actor, clientId } = await access(req);
    requireUploads(deps.documents);
    refuseDeclaredOversize(req);
    res.locals.dataFeed = { actor, clientId, view: await loadView(deps, clientId) };
    next();
  };

  return { deps, access, execute, moveTask, checkUpload };
}
