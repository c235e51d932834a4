import { loadClientView } from '../eif/client-view.ts';
import { type Request, type Response } from 'express';
import { sendDownload } from '@onboard/api-contract/express';
import { censusStream, personalDataAccessStream, withRetries } from '@onboard/events';
import {
  AppError,
  ConflictError,
  NotFoundError,
  type Actor,
  type DocumentStore,
  personalDataAccessDecider,
  type PersonalDataIntent,
  type UnmaskedFile,
  type Intent,
} from '@onboard/domain';
import {
  CORRECTION_MESSAGES,
  applyRemembered,
  censusDecider,
  censusGrid,
  censusPlatformOf,
  censusValidationResults,
  maskCensusGrid,
  maskCensusResult,
  matchHeaders,
  type CensusCellEdit,
  type CensusField,
  type CensusCommand,
  type CensusState,
} from '@onboard/domain/census';
import type { Queryable } from '@onboard/api-contract/people';
import { requireActor, requireClientAccess, requirePermission, type CommandDeps } from '../http/context.ts';
import { decideIntent, decideOnStream, requestContext, unversioned } from '../http/decide.ts';
import { invalidFile } from '../http/raw-upload.ts';
import { CensusFileError, inspectCensusFile, type CensusReadingChoice } from './file.ts';
import { readCensus, rewriteCensusOutputs, runCensusValidation, type CensusJobDeps } from './job.ts';
import { censusWorkingSets } from './corrections.ts';
import { rememberedMapping } from './memory.ts';

export type CensusCommandDeps = CommandDeps & {
  documents: DocumentStore;
  bus?: CensusJobDeps['bus'];
  /** Where the columns confirmed for earlier census files are read (rm_census_mappings). */
  pool?: Queryable;
  /** Called with each validation job started (tests await it); errors are reported, never thrown. */
  onJob?: (job: Promise<void>) => void;
};

type CensusRef = { clientId: string; policyId: string; documentId: string };
type CensusDocument = NonNullable<ReturnType<CensusState['documents']['get']>>;
type LookResource = 'personal-data-reveal' | 'personal-data-unmasked-download';

/** What every handler of the census shares: the dependencies, and reading, deciding and correcting a census. */
export type Census = ReturnType<typeof censusCommands>;

/** The caller's access, the policy, a file's columns, a census command decided, the validation job. */
function censusCore(deps: CensusCommandDeps) {
  const access = async (req: Request) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    const policyId = String(req.params.policyId);
    requireClientAccess(actor, clientId, 'update');
    return { actor, clientId, policyId };
  };

  const requirePolicy = async (clientId: string, policyId: string) => {
    const view = await loadClientView(deps, clientId);
    if (!view) throw new NotFoundError('Client not found');
    if (!view.policies.some((p) => p.id === policyId))
      throw new NotFoundError('No such policy for this client');
    return { platform: censusPlatformOf(view, policyId) };
  };

  /**
   * The columns of a file as its headers suggest them, or as confirmed for the client's (or its
   * platform's) last census where the same headers come again, with what differs.
   */
  const suggest = async (clientId: string, platform: string | null, headers: string[]) => {
    const suggested = matchHeaders(headers);
    const remembered = deps.pool ? await rememberedMapping(deps.pool, clientId, platform) : null;
    if (remembered === null) return { ...suggested, remembered: null };
    const applied = applyRemembered(headers, suggested, remembered);
    const { scope, fileName, confirmedAt } = remembered;
    return {
      mapping: applied.mapping,
      matches: applied.matches,
      remembered: {
        scope,
        platform: remembered.platform,
        fileName,
        confirmedAt,
        differences: applied.differences,
      },
    };
  };

  const inspect = async (bytes: Uint8Array, choice?: CensusReadingChoice) => {
    try {
      return await inspectCensusFile(bytes, choice);
    } catch (error) {
      if (error instanceof CensusFileError) throw invalidFile(error.message);
      throw error;
    }
  };

  const execute = (
    req: Request,
    actor: Actor,
    clientId: string,
    policyId: string,
    intent: Intent<CensusCommand>,
  ) =>
    decideIntent(deps, {
      request: unversioned(req, deps.newId),
      actor,
      stream: censusStream(clientId, policyId),
      decider: censusDecider,
      intent,
    });

  /** A file's validation result as the census holds it after a write, masked. */
  const resultOf = (state: CensusState, documentId: string) =>
    maskCensusResult(censusValidationResults(state).find((r) => r.document.documentId === documentId)!);

  const startJob = (ref: CensusRef) => {
    const job = runCensusValidation(deps, ref).catch((error: unknown) => {
      console.error('census validation failed', ref, error);
    });
    deps.onJob?.(job);
  };

  return { deps, access, requirePolicy, suggest, inspect, execute, resultOf, startJob };
}

/** Corrections where the census is read: the working sets kept in step, the outputs written again after. */
function censusCorrections(
  deps: CensusCommandDeps,
  { access, resultOf }: Pick<ReturnType<typeof censusCore>, 'access' | 'resultOf'>,
) {
  const workingSets = censusWorkingSets(deps);
  const rewriting = new Map<string, { again: boolean }>();

  /** Writes the error workbook and change view again after corrections; corrections meanwhile run it again. */
  const rewriteOutputs = (ref: CensusRef) => {
    const running = rewriting.get(ref.documentId);
    if (running) {
      running.again = true;
      return;
    }
    const entry = { again: false };
    rewriting.set(ref.documentId, entry);
    const job = (async () => {
      try {
        do {
          entry.again = false;
          await rewriteCensusOutputs(deps, ref);
        } while (entry.again);
      } finally {
        rewriting.delete(ref.documentId);
      }
    })().catch((error: unknown) => {
      console.error('census outputs were not written again', ref, error);
    });
    deps.onJob?.(job);
  };

  /**
   * One correction: the cells come from the state read (a find-and-replace finds them there), the working
   * set revalidates them against the whole file, the decider checks each cell still holds what was seen
   * and records it; a write meanwhile is a 409.
   */
  const correct = async (
    req: Request,
    cellsOf: (document: CensusDocument) => CensusCellEdit[],
    replace: { field: CensusField; find: string; replaceWith: string } | null,
  ) => {
    const { actor, clientId, policyId } = await access(req);
    const documentId = String(req.params.documentId);
    const ref = { clientId, policyId, documentId };
    const read = (await readCensus(deps.store, clientId, policyId)).state.documents.get(documentId);
    if (!read) throw new NotFoundError('No such census file for this policy');
    // Only a validated file is read into memory; the decider answers why any other cannot be corrected.
    const copy = read.status === 'VALIDATED' ? await workingSets.get(ref, read) : null;
    const decide = () =>
      decideOnStream(deps, {
        request: unversioned(req, deps.newId),
        actor,
        stream: censusStream(clientId, policyId),
        decider: censusDecider,
        conflictMessage: CORRECTION_MESSAGES.busy,
        build: (state, metadata) => {
          const document = state.documents.get(documentId);
          const cells = document ? cellsOf(document) : [];
          const revalidation =
            copy && document
              ? workingSets.correct(copy, document, cells)
              : { revalidated: [], counts: { ERROR: 0, WARNING: 0 }, ruleCounts: {} };
          return {
            type: 'CorrectCensusCells',
            data: { ...ref, cells, replace, revalidation },
            metadata,
          } as CensusCommand;
        },
      });
    // A write in between (another cell, the outputs written again) is read and decided again: the decider
    // refuses only a cell changed since it was seen, and that is the conflict the user hears of.
    const { after } = await withRetries(decide, {
      attempts: 5,
      retryOn: (error) => error instanceof ConflictError && error.code !== 'CELL_CHANGED',
    }).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'CELL_CHANGED'
        ? new ConflictError(error.message)
        : error;
    });
    rewriteOutputs(ref);
    const document = after.documents.get(documentId)!;
    return { result: resultOf(after, documentId), grid: maskCensusGrid(censusGrid(document)) };
  };

  return { correct };
}

/** Who looks at a census's personal data in full: the look recorded before the value or file is given. */
function personalDataLooks(deps: CensusCommandDeps) {
  /** Who looks at the full value of a client's personal data, and why: recorded before it is given. */
  const recordLook = async (req: Request, actor: Actor, intent: PersonalDataIntent) =>
    decideIntent(deps, {
      request: requestContext(req, deps.newId),
      actor,
      stream: personalDataAccessStream(intent.data.clientId),
      decider: personalDataAccessDecider,
      appendAt: 'any',
      intent,
    });

  const lookAt = async (req: Request, resource: LookResource) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    const policyId = String(req.params.policyId);
    requireClientAccess(actor, clientId, 'read');
    requirePermission(actor, resource, 'read', { clientId });
    const documentId = String(req.params.documentId);
    const document = (await readCensus(deps.store, clientId, policyId)).state.documents.get(documentId);
    if (!document) throw new NotFoundError('No such census file for this policy');
    return { actor, clientId, policyId, document };
  };

  /** A stored file, once the look at it is recorded, as it was stored. */
  const sendUnmasked = async (
    req: Request,
    res: Response,
    resource: LookResource,
    what: UnmaskedFile,
    reason: string,
  ) => {
    const { actor, clientId, policyId, document } = await lookAt(req, resource);
    const stored = what === 'CENSUS_FILE' ? document.documentId : document.errorWorkbookDocumentId;
    if (!stored) throw new NotFoundError('This census file has no error workbook');
    const file = await deps.documents.get(stored);
    if (!file) throw new NotFoundError('This file is not in the document store');
    await recordLook(req, actor, {
      type: 'DownloadPersonalDataUnmasked',
      data: {
        clientId,
        file: { policyId, documentId: document.documentId, fileName: document.fileName },
        what,
        reason,
      },
    });
    sendDownload(res, file);
  };

  return { recordLook, lookAt, sendUnmasked };
}

/** The caller's access, the policy, a file's columns, a census command decided, corrections and looks. */
export function censusCommands(deps: CensusCommandDeps) {
  const core = censusCore(deps);
  return { ...core, ...censusCorrections(deps, core), ...personalDataLooks(deps) };
}
