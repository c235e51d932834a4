import { Router, type Request, type RequestHandler } from 'express';
import {
  censusStream,
  eifStream,
  loadAggregate,
  personalDataAccessStream,
  taskStream,
  withRetries,
} from '@onboard/events';
import {
  AppError,
  ConflictError,
  FILE_NAME_MISSING_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  MAX_UPLOAD_BYTES,
  NotFoundError,
  RuleError,
  ValidationError,
  contentDisposition,
  eifCodec,
  toClientView,
  type Actor,
  type DocumentStore,
  tasksDecider,
  type TaskCommand,
  personalDataAccessDecider,
  type PersonalDataCommand,
  type PersonalDataIntent,
  type UnmaskedFile,
} from '@onboard/domain';
import {
  CORRECTION_MESSAGES,
  applyRemembered,
  censusDecider,
  censusGrid,
  censusPlatformOf,
  censusValidationResults,
  isDependantRow,
  isMaskedCensusField,
  maskCensusGrid,
  maskCensusResult,
  seenValue,
  matchHeaders,
  replacementCells,
  type CensusCellEdit,
  type CensusField,
  missingColumns,
  missingColumnsMessage,
  type CensusCommand,
  type CensusState,
  type CensusReading,
} from '@onboard/domain/census';
import type { Queryable } from '@onboard/api-contract/people';
import { mount } from '@onboard/api-contract/express';
import { requireActor, requireClientAccess, requirePermission, type CommandDeps } from '../http/context.ts';
import { decideOnStream, requestContext } from '../http/decide.ts';
import { FILE_NAME_HEADER, invalidFile, readRawFile, uploadedFileName } from '../http/raw-upload.ts';
import {
  CSV_MIME_TYPE,
  CensusFileError,
  XLSX_MIME_TYPE,
  inspectCensusFile,
  type CensusReadingChoice,
} from './file.ts';
import { readCensus, rewriteCensusOutputs, runCensusValidation, type CensusJobDeps } from './job.ts';
import { censusWorkingSets } from './corrections.ts';
import { rememberedMapping } from './memory.ts';
import {
  correctCensusCell,
  downloadUnmaskedCensusFile,
  downloadUnmaskedErrorWorkbook,
  revealCensusChange,
  revealCensusValue,
  readCensusAs,
  replaceInCensusColumn,
  submitCensus,
  uploadCensus,
  validateSubmitCensus,
} from './routes.contract.ts';

export type CensusCommandDeps = CommandDeps & {
  documents: DocumentStore;
  bus?: CensusJobDeps['bus'];
  /** Where the columns confirmed for earlier census files are read (rm_census_mappings). */
  pool?: Queryable;
  /** Called with each validation job started (tests await it); errors are reported, never thrown. */
  onJob?: (job: Promise<void>) => void;
};

/**
 * The census writes of a policy (onboarding §7), on `census-{clientId}-{policyId}`: upload a file (checked
 * whole before anything is stored), confirm its columns and source (which starts the validation job),
 * and submit the validated census, which moves the policy's enrollment elections task to review.
 */
export function censusCommandRoutes(deps: CensusCommandDeps): Router {
  const router = Router();

  const access = async (req: Request) => {
    const actor = await requireActor(deps.authenticate, req);
    const clientId = String(req.params.clientId);
    const policyId = String(req.params.policyId);
    requireClientAccess(actor, clientId, 'update');
    return { actor, clientId, policyId };
  };

  const requirePolicy = async (clientId: string, policyId: string) => {
    const loaded = await loadAggregate({
      store: deps.store,
      snapshots: deps.snapshots,
      stream: eifStream(clientId),
      codec: eifCodec,
    });
    const view = toClientView(loaded.state, loaded.revision);
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
    intent: Omit<CensusCommand, 'metadata'>,
  ) =>
    decideOnStream(deps, {
      request: { ...requestContext(req, deps.newId), ifMatch: null },
      actor,
      stream: censusStream(clientId, policyId),
      decider: censusDecider,
      build: (_state, metadata) => ({ ...intent, metadata }) as CensusCommand,
    });

  const startJob = (ref: { clientId: string; policyId: string; documentId: string }) => {
    const job = runCensusValidation(deps, ref).catch((error: unknown) => {
      console.error('census validation failed', ref, error);
    });
    deps.onJob?.(job);
  };

  const checkUpload: RequestHandler = async (req, res, next) => {
    const { actor, clientId, policyId } = await access(req);
    if (!deps.documents.put)
      throw new RuleError('UPLOADS_OFF', 'This server only reads documents from the external document store');
    if (Number(req.get('content-length') ?? 0) > MAX_UPLOAD_BYTES)
      throw new AppError(413, 'FILE_TOO_LARGE', FILE_TOO_LARGE_MESSAGE);
    const { platform } = await requirePolicy(clientId, policyId);
    res.locals.census = { actor, clientId, policyId, platform };
    next();
  };

  mount(
    router,
    uploadCensus,
    async (req, res) => {
      const { actor, clientId, policyId, platform } = res.locals.census as {
        actor: Actor;
        clientId: string;
        policyId: string;
        platform: string | null;
      };
      const name = uploadedFileName(req.get(FILE_NAME_HEADER));
      if (name === null)
        throw new ValidationError({ [`header.${FILE_NAME_HEADER}`]: FILE_NAME_MISSING_MESSAGE });
      const body: unknown = req.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      const inspected = await inspect(bytes);
      const { mapping, matches, remembered } = await suggest(clientId, platform, inspected.headers);
      const missing = missingColumns(mapping);
      if (missing.length > 0) throw invalidFile(missingColumnsMessage(missing));

      // Checked whole: only now is anything stored, the bytes first and then the event naming them.
      const documentId = deps.newId();
      await deps.documents.put!({
        documentId,
        bytes,
        mimeType: inspected.format === 'CSV' ? CSV_MIME_TYPE : XLSX_MIME_TYPE,
        name,
        uploadedBy: actor.userId,
        personalData: { clientId },
      });
      const { after } = await execute(req, actor, clientId, policyId, {
        type: 'UploadCensus',
        data: {
          clientId,
          policyId,
          documentId,
          fileName: name,
          format: inspected.format,
          size: bytes.length,
          headers: inspected.headers,
          mapping,
          reading: inspected.reading,
          matches,
          remembered,
        },
      });
      const result = censusValidationResults(after).find((r) => r.document.documentId === documentId)!;
      res.status(201).json(maskCensusResult(result));
    },
    { before: [checkUpload, readRawFile] },
  );

  mount(router, validateSubmitCensus, async (req, res, input) => {
    const { actor, clientId, policyId } = await access(req);
    const { documentId, mapping, source } = input.body();
    const { platform } = await requirePolicy(clientId, policyId);
    const { after } = await execute(req, actor, clientId, policyId, {
      type: 'ConfirmCensusMapping',
      data: { clientId, policyId, documentId, mapping, source, platform },
    });
    startJob({ clientId, policyId, documentId });
    res.json(censusValidationResults(after).map(maskCensusResult));
  });

  mount(router, readCensusAs, async (req, res, input) => {
    const { actor, clientId, policyId } = await access(req);
    const documentId = String(req.params.documentId);
    const body = input.body();
    const { platform } = await requirePolicy(clientId, policyId);
    const document = (await readCensus(deps.store, clientId, policyId)).state.documents.get(documentId);
    if (!document) throw new NotFoundError('No such census file');
    const file = await deps.documents.get(documentId);
    if (!file) throw new NotFoundError('This file is no longer in the document store');
    // What is not chosen now stays as it was read.
    const current: CensusReading = document.reading;
    const choice: CensusReadingChoice =
      current.format === 'CSV'
        ? {
            encoding: body.encoding ?? current.encoding ?? undefined,
            delimiter: body.delimiter ?? current.delimiter ?? undefined,
          }
        : { sheet: body.sheet ?? current.sheet ?? undefined };
    const inspected = await inspect(file.bytes, choice);
    const reading = { ...inspected.reading, detectedEncoding: current.detectedEncoding };
    const { mapping, matches, remembered } = await suggest(clientId, platform, inspected.headers);
    const { after } = await execute(req, actor, clientId, policyId, {
      type: 'ChangeCensusReading',
      data: {
        clientId,
        policyId,
        documentId,
        reading,
        headers: inspected.headers,
        mapping,
        matches,
        remembered,
      },
    });
    res.json(
      maskCensusResult(censusValidationResults(after).find((r) => r.document.documentId === documentId)!),
    );
  });

  mount(router, submitCensus, async (req, res, input) => {
    const { actor, clientId, policyId } = await access(req);
    const { documentId } = input.body();
    await execute(req, actor, clientId, policyId, {
      type: 'SubmitCensus',
      data: { clientId, policyId, documentId },
    });
    // The census is the enrollment elections task's work: submitting it sends the task for review, the
    // way the task page's 'Submit for review' does. A task already in review (or done) stays as it is.
    // A task not begun yet is started first; a task already in review (or done) stays as it is.
    for (const action of ['start', 'submit'] as const) {
      try {
        await decideOnStream(deps, {
          request: { ...requestContext(req, deps.newId), ifMatch: null },
          actor,
          stream: taskStream(clientId),
          decider: tasksDecider,
          build: (_state, metadata) =>
            ({
              type: 'TakeTaskAction',
              data: { clientId, taskId: 'enrollment-elections', policyId, action },
              metadata,
            }) as TaskCommand,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    const { state } = await readCensus(deps.store, clientId, policyId);
    res.json(censusValidationResults(state).map(maskCensusResult));
  });

  // ---- corrections where the census is read ------------------------------------------------------------

  const workingSets = censusWorkingSets(deps);
  const rewriting = new Map<string, { again: boolean }>();

  /** Writes the error workbook and change view again after corrections; corrections meanwhile run it again. */
  const rewriteOutputs = (ref: { clientId: string; policyId: string; documentId: string }) => {
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
    cellsOf: (document: NonNullable<ReturnType<CensusState['documents']['get']>>) => CensusCellEdit[],
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
        request: { ...requestContext(req, deps.newId), ifMatch: null },
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
    return {
      result: maskCensusResult(
        censusValidationResults(after).find((r) => r.document.documentId === documentId)!,
      ),
      grid: maskCensusGrid(censusGrid(document)),
    };
  };

  mount(router, correctCensusCell, async (req, res, input) => {
    const { row, field, seen, value } = input.body();
    // A cell corrected without revealing it was seen masked: the mask stands for what the cell holds.
    res.json(
      await correct(
        req,
        (document) => {
          const cells = document.rows.get(row)?.cells;
          const dependant = isDependantRow(cells?.relationship);
          return [{ row, field, seen: seenValue(field, seen, cells?.[field] ?? '', dependant), value }];
        },
        null,
      ),
    );
  });

  mount(router, replaceInCensusColumn, async (req, res, input) => {
    const { field, find, replaceWith } = input.body();
    // Finding text in a masked column would tell what it holds: only a role that may reveal it searches it.
    if (isMaskedCensusField(field)) {
      const actor = await requireActor(deps.authenticate, req);
      requirePermission(actor, 'personal-data-reveal', 'read', { clientId: String(req.params.clientId) });
    }
    res.json(
      await correct(req, (document) => replacementCells(document, field, find, replaceWith), {
        field,
        find,
        replaceWith,
      }),
    );
  });

  /** Who looks at the full value of a client's personal data, and why: recorded before it is given. */
  const recordLook = async (req: Request, actor: Actor, intent: PersonalDataIntent) =>
    decideOnStream(deps, {
      request: requestContext(req, deps.newId),
      actor,
      stream: personalDataAccessStream(intent.data.clientId),
      decider: personalDataAccessDecider,
      appendAt: 'any',
      build: (_state, metadata) => ({ ...intent, metadata }) as PersonalDataCommand,
    });

  const lookAt = async (
    req: Request,
    resource: 'personal-data-reveal' | 'personal-data-unmasked-download',
  ) => {
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

  mount(router, revealCensusValue, async (req, res, input) => {
    const { row, field, reason } = input.body();
    const { actor, clientId, policyId, document } = await lookAt(req, 'personal-data-reveal');
    const shown = document.rows.get(row);
    if (!shown) throw new NotFoundError(`Row ${row} is not one of this file’s rows with problems`);
    const employee = {
      policyId,
      documentId: document.documentId,
      fileName: document.fileName,
      row,
      employeeId: shown.cells.employeeId ?? '',
    };
    await recordLook(req, actor, {
      type: 'RevealPersonalData',
      data: { clientId, employee, dependant: isDependantRow(shown.cells.relationship), field, reason },
    });
    res.json({ row, field, value: shown.cells[field] ?? '' });
  });

  mount(router, revealCensusChange, async (req, res, input) => {
    const { person, employeeId, field, change, reason } = input.body();
    const { actor, clientId, policyId, document } = await lookAt(req, 'personal-data-reveal');
    const changed = document.changes?.changed[person];
    const value = changed?.fields.find((f) => f.field === field);
    if (!changed || changed.employeeId !== employeeId || !value)
      throw new NotFoundError('This change is no longer in the change view: reload the page');
    const employee = {
      policyId,
      documentId: document.documentId,
      fileName: document.fileName,
      row: null,
      employeeId,
    };
    await recordLook(req, actor, {
      type: 'RevealPersonalData',
      data: { clientId, employee, dependant: changed.relationship !== 'Employee', field, change, reason },
    });
    res.json({ value: change === 'BEFORE' ? value.before : value.after });
  });

  /** A stored file, once the look at it is recorded, as it was stored. */
  const sendUnmasked = async (
    req: Request,
    res: Parameters<RequestHandler>[1],
    resource: 'personal-data-reveal' | 'personal-data-unmasked-download',
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
    res
      .status(200)
      .set('content-type', file.mimeType)
      .set('cache-control', 'private, no-store')
      .set('content-disposition', contentDisposition(file.name))
      .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  };

  // The error workbook unmasked is for staff; the file as uploaded for any role that may reveal (the
  // client's benefits administrators sent it).
  mount(router, downloadUnmaskedErrorWorkbook, async (req, res, input) =>
    sendUnmasked(req, res, 'personal-data-unmasked-download', 'CENSUS_ERROR_WORKBOOK', input.body().reason),
  );

  mount(router, downloadUnmaskedCensusFile, async (req, res, input) =>
    sendUnmasked(req, res, 'personal-data-reveal', 'CENSUS_FILE', input.body().reason),
  );

  return router;
}
