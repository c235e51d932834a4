import type { CensusEvent } from '@onboard/events';
import { ERASED } from '@onboard/events/catalogue/personal-data-erasure';
import { accepted, refused, type Command, type Decider, type Intent } from '../decider.ts';
import {
  CENSUS_FIELDS,
  CENSUS_FIELD_LABELS,
  type CensusField,
  type CensusRow,
  missingColumns,
  missingColumnsMessage,
  type CensusSource,
  type ColumnMapping,
} from './fields.ts';
import type { CensusChanges, CensusReport } from './report.ts';
import type { CensusIssue } from './rules.ts';
import {
  CORRECTION_MESSAGES,
  cellKey,
  correctedReport,
  correctionText,
  replaceAllIn,
  type CensusRevalidation,
} from './corrections.ts';
import {
  plainReading,
  type CensusReading,
  type MappingDifference,
  type RememberedMapping,
} from './reading.ts';
import type { CensusMatches } from './fields.ts';
import { isInternal } from '../auth/actor.ts';
import { checkDocumentName } from '../documents/catalogue.ts';

/**
 * The census of one client's policy (`census-{clientId}-{policyId}`): files uploaded, their columns
 * confirmed and source indicated, validated by the job, and the one without errors submitted.
 */

export type CensusDocumentStatus = 'UPLOADED' | 'VALIDATING' | 'VALIDATED' | 'FAILED';

export type CensusDocumentState = {
  documentId: string;
  fileName: string;
  format: 'CSV' | 'XLSX';
  size: number;
  headers: string[];
  mapping: ColumnMapping;
  /** How the file is read, and how each field's column was matched. */
  reading: CensusReading;
  matches: CensusMatches;
  remembered: CensusRemembered | null;
  source: CensusSource | null;
  status: CensusDocumentStatus;
  uploadedAt: string;
  uploadedBy: string;
  report: CensusReport | null;
  changes: CensusChanges | null;
  comparedWith: string | null;
  errorWorkbookDocumentId: string | null;
  failure: string | null;
  submittedAt: string | null;
  /** The rows with problems as they are now (once flagged, a row stays, fixed or not): the grid. */
  rows: ReadonlyMap<number, { cells: CensusRow; issues: CensusIssue[] }>;
  /** Every cell corrected, by cellKey: its value in the file and now. */
  corrected: ReadonlyMap<string, CensusCorrectedCell>;
  /** How many corrections were made, and how many the error workbook and change view hold. */
  corrections: number;
  outputsThrough: number;
};

export type CensusCorrectedCell = { row: number; field: CensusField; original: string; value: string };

export type CensusState = {
  documents: ReadonlyMap<string, CensusDocumentState>;
  /** Newest first. */
  order: readonly string[];
  /** The census submitted last: the change view compares with it. */
  lastSubmitted: string | null;
};

type Ref = { clientId: string; policyId: string; documentId: string };

/** The earlier census a file's mapping started from, and what differs from it. */
export type CensusRemembered = Pick<RememberedMapping, 'scope' | 'platform' | 'fileName' | 'confirmedAt'> & {
  differences: MappingDifference[];
};

/** A file's reading with the headers and matched columns it gives. */
type ReadAs = {
  reading: CensusReading;
  headers: string[];
  mapping: ColumnMapping;
  matches: CensusMatches;
  remembered: CensusRemembered | null;
};
type By = { userId: string; role: string };

export type CensusCommand =
  | Command<
      'UploadCensus',
      Ref & {
        fileName: string;
        format: 'CSV' | 'XLSX';
        size: number;
        headers: string[];
        mapping: ColumnMapping;
      } & Partial<Pick<ReadAs, 'reading' | 'matches' | 'remembered'>>
    >
  | Command<'ChangeCensusReading', Ref & ReadAs>
  | Command<
      'ConfirmCensusMapping',
      Ref & { mapping: ColumnMapping; source: CensusSource; platform?: string | null }
    >
  | Command<
      'RecordCensusValidation',
      Ref & {
        report: CensusReport;
        changes: CensusChanges | null;
        comparedWith: string | null;
        errorWorkbookDocumentId: string | null;
        /** The cells of the rows with problems. */
        rows?: { row: number; cells: CensusRow }[];
      },
      { at: string }
    >
  | Command<'RecordCensusFailure', Ref & { message: string }, { at: string }>
  | Command<'SubmitCensus', Ref>
  | Command<'RenameCensusFile', Ref & { fileName: string }>
  | Command<'DeleteCensusFile', Ref>
  | Command<
      'CorrectCensusCells',
      Ref & {
        /** Each cell with the value the user saw in it and the value it gets. */
        cells: CensusCellEdit[];
        replace: { field: CensusField; find: string; replaceWith: string } | null;
        /** The rows the change reaches, revalidated against the whole file (the working set). */
        revalidation: CensusRevalidation;
      }
    >
  | Command<
      'RecordCensusOutputs',
      Ref & { corrections: number; errorWorkbookDocumentId: string | null; changes: CensusChanges | null },
      { at: string }
    >;

export type CensusCellEdit = { row: number; field: CensusField; seen: string; value: string };
export type CensusIntent = Intent<CensusCommand>;

export type CensusError =
  | { code: 'NOT_FOUND'; message: string }
  | { code: 'INVALID'; message: string; fields: Record<string, string> }
  | {
      code: 'NOT_VALIDATED' | 'HAS_ERRORS' | 'ALREADY_SUBMITTED' | 'STALE' | 'HAS_CORRECTIONS' | 'VALIDATING';
      message: string;
    }
  /** A cell no longer holds what the user saw: someone changed it meanwhile (answered as a 409). */
  | { code: 'CELL_CHANGED'; message: string }
  | { code: 'FORBIDDEN'; message: string };

export const CENSUS_MESSAGES = {
  noSuchDocument: 'No such census file for this policy',
  notValidated: 'The census is still being validated',
  hasErrors: 'The census has errors: download the error workbook, fix them and upload the file again',
  alreadySubmitted: 'This census is already submitted',
  stale: 'A newer census was uploaded after this one; submit the newest',
  failed: 'The file could not be read',
  submittedKept: 'A submitted census is kept as the record of what was sent, so it cannot be deleted',
  notYours: 'You can only delete census files you uploaded',
  validating: 'The census is being validated: change how it is read once its report is ready',
} as const;

const initialState = (): CensusState => ({ documents: new Map(), order: [], lastSubmitted: null });

const byOf = (metadata: { by?: By }) => metadata.by ?? { userId: 'system:census', role: 'SYSTEM' };

type CensusCommandOf<Type extends CensusCommand['type']> = Extract<CensusCommand, { type: Type }>;

const refOf = ({ clientId, policyId, documentId }: Ref): Ref => ({ clientId, policyId, documentId });

/** What a file uploaded holds: its name, columns, how it is read and how each field's column was matched. */
function decideUpload(command: CensusCommandOf<'UploadCensus'>) {
  const { fileName, format, size, headers, mapping, reading, matches, remembered } = command.data;
  return accepted<CensusEvent>({
    type: 'CensusUploaded',
    data: {
      ...refOf(command.data),
      fileName,
      format,
      size,
      headers,
      mapping: mapping as Record<string, number>,
      ...(reading ? { reading } : {}),
      ...(matches ? { matches: matches as Record<string, CensusMatches[keyof CensusMatches] & object> } : {}),
      ...(remembered !== undefined ? { remembered } : {}),
      at: command.metadata.at,
      by: byOf(command.metadata),
    },
  });
}

/** A file read otherwise (sheet, header row, delimiter): only before it is submitted, validating or corrected. */
function decideReadingChange(command: CensusCommandOf<'ChangeCensusReading'>, document: CensusDocumentState) {
  if (document.submittedAt)
    return refused<CensusError>({ code: 'ALREADY_SUBMITTED', message: CENSUS_MESSAGES.alreadySubmitted });
  if (document.status === 'VALIDATING')
    return refused<CensusError>({ code: 'VALIDATING', message: CENSUS_MESSAGES.validating });
  // Corrections name cells by row and column of the file as read: read otherwise, they would point elsewhere.
  if (document.corrections > 0)
    return refused<CensusError>({ code: 'HAS_CORRECTIONS', message: CORRECTION_MESSAGES.hasCorrections });
  const { reading, headers, mapping, matches, remembered } = command.data;
  return accepted<CensusEvent>({
    type: 'CensusReadingChanged',
    data: {
      ...refOf(command.data),
      reading,
      headers,
      mapping: mapping as Record<string, number>,
      matches: matches as Record<string, CensusMatches[keyof CensusMatches] & object>,
      remembered,
      at: command.metadata.at,
      by: byOf(command.metadata),
    },
  });
}

/** The columns confirmed: only known fields on the file's columns, and every required field given one. */
function decideMappingConfirmation(
  command: CensusCommandOf<'ConfirmCensusMapping'>,
  document: CensusDocumentState,
) {
  if (document.submittedAt)
    return refused<CensusError>({ code: 'ALREADY_SUBMITTED', message: CENSUS_MESSAGES.alreadySubmitted });
  if (document.corrections > 0)
    return refused<CensusError>({ code: 'HAS_CORRECTIONS', message: CORRECTION_MESSAGES.hasCorrections });
  const mapping = Object.fromEntries(
    Object.entries(command.data.mapping).filter(
      ([field, column]) =>
        (CENSUS_FIELDS as readonly string[]).includes(field) &&
        Number.isInteger(column) &&
        column >= 0 &&
        column < document.headers.length,
    ),
  ) as Record<string, number>;
  const missing = missingColumns(mapping);
  if (missing.length > 0)
    return refused<CensusError>({
      code: 'INVALID',
      message: missingColumnsMessage(missing),
      fields: Object.fromEntries(missing.map((field) => [`body.mapping.${field}`, 'Choose the column'])),
    });
  return accepted<CensusEvent>({
    type: 'CensusMappingConfirmed',
    data: {
      ...refOf(command.data),
      mapping,
      source: command.data.source,
      headers: document.headers,
      fileName: document.fileName,
      platform: command.data.platform ?? null,
      at: command.metadata.at,
      by: byOf(command.metadata),
    },
  });
}

/** The job's validation recorded: the report, the changes against the census before and the rows with problems. */
function decideValidation(command: CensusCommandOf<'RecordCensusValidation'>) {
  return accepted<CensusEvent>({
    type: 'CensusValidated',
    data: {
      ...refOf(command.data),
      report: command.data.report as unknown as Record<string, unknown>,
      changes: command.data.changes as unknown as Record<string, unknown> | null,
      comparedWith: command.data.comparedWith,
      errorWorkbookDocumentId: command.data.errorWorkbookDocumentId,
      ...(command.data.rows
        ? { rows: command.data.rows as { row: number; cells: Record<string, string> }[] }
        : {}),
      at: command.metadata.at,
    },
  });
}

/** Submitted: once, validated without errors, and only the newest file. */
function decideSubmission(
  command: CensusCommandOf<'SubmitCensus'>,
  document: CensusDocumentState,
  state: CensusState,
) {
  if (document.submittedAt)
    return refused<CensusError>({ code: 'ALREADY_SUBMITTED', message: CENSUS_MESSAGES.alreadySubmitted });
  if (document.status !== 'VALIDATED' || !document.report)
    return refused<CensusError>({ code: 'NOT_VALIDATED', message: CENSUS_MESSAGES.notValidated });
  if (document.report.counts.ERROR > 0)
    return refused<CensusError>({ code: 'HAS_ERRORS', message: CENSUS_MESSAGES.hasErrors });
  if (state.order[0] !== document.documentId)
    return refused<CensusError>({ code: 'STALE', message: CENSUS_MESSAGES.stale });
  return accepted<CensusEvent>({
    type: 'CensusSubmitted',
    data: { ...refOf(command.data), at: command.metadata.at, by: byOf(command.metadata) },
  });
}

/** The error workbook and change view rewritten after corrections. */
function decideOutputs(command: CensusCommandOf<'RecordCensusOutputs'>, document: CensusDocumentState) {
  // Outputs written for fewer corrections than the ones recorded already are not news.
  if (command.data.corrections <= document.outputsThrough) return accepted<CensusEvent>();
  return accepted<CensusEvent>({
    type: 'CensusOutputsRewritten',
    data: {
      ...refOf(command.data),
      corrections: command.data.corrections,
      errorWorkbookDocumentId: command.data.errorWorkbookDocumentId,
      changes: command.data.changes as unknown as Record<string, unknown> | null,
      at: command.metadata.at,
    },
  });
}

/** A file renamed under the documents' naming rule; its own name again changes nothing. */
function decideRename(command: CensusCommandOf<'RenameCensusFile'>, document: CensusDocumentState) {
  const checked = checkDocumentName(command.data.fileName);
  if (!checked.ok)
    return refused<CensusError>({
      code: 'INVALID',
      message: checked.message,
      fields: { name: checked.message },
    });
  if (checked.name === document.fileName) return accepted<CensusEvent>();
  return accepted<CensusEvent>({
    type: 'CensusRenamed',
    data: {
      ...refOf(command.data),
      fileName: checked.name,
      at: command.metadata.at,
      by: byOf(command.metadata),
    },
  });
}

/** The documents rule (platform §6): the client's people delete only their own files; staff any. */
function decideDeletion(command: CensusCommandOf<'DeleteCensusFile'>, document: CensusDocumentState) {
  const by = byOf(command.metadata);
  if (!isInternal({ role: by.role } as Parameters<typeof isInternal>[0]) && document.uploadedBy !== by.userId)
    return refused<CensusError>({ code: 'FORBIDDEN', message: CENSUS_MESSAGES.notYours });
  if (document.submittedAt)
    return refused<CensusError>({ code: 'ALREADY_SUBMITTED', message: CENSUS_MESSAGES.submittedKept });
  return accepted<CensusEvent>({
    type: 'CensusDeleted',
    data: { ...refOf(command.data), at: command.metadata.at, by },
  });
}

function decide(command: CensusCommand, state: CensusState) {
  if (command.type === 'UploadCensus') return decideUpload(command);
  const document = state.documents.get(command.data.documentId);
  if (!document) return refused<CensusError>({ code: 'NOT_FOUND', message: CENSUS_MESSAGES.noSuchDocument });
  switch (command.type) {
    case 'ChangeCensusReading':
      return decideReadingChange(command, document);
    case 'ConfirmCensusMapping':
      return decideMappingConfirmation(command, document);
    case 'RecordCensusValidation':
      return decideValidation(command);
    case 'RecordCensusFailure':
      return accepted<CensusEvent>({
        type: 'CensusValidationFailed',
        data: { ...refOf(command.data), message: command.data.message, at: command.metadata.at },
      });
    case 'SubmitCensus':
      return decideSubmission(command, document, state);
    case 'CorrectCensusCells':
      return decideCorrection(command.data, document, state, command.metadata);
    case 'RecordCensusOutputs':
      return decideOutputs(command, document);
    case 'RenameCensusFile':
      return decideRename(command, document);
    case 'DeleteCensusFile':
      return decideDeletion(command, document);
  }
}

/**
 * A correction of cells where they are read: only a validated census not submitted, the newest, only
 * the rows with problems and the file's columns. Each cell must still hold what the user saw (a cell
 * someone changed meanwhile is a conflict, never overwritten); cells given their own value change nothing.
 */
function decideCorrection(
  data: Extract<CensusCommand, { type: 'CorrectCensusCells' }>['data'],
  document: CensusDocumentState,
  state: CensusState,
  metadata: { at: string; by?: By },
) {
  if (document.submittedAt)
    return refused<CensusError>({ code: 'ALREADY_SUBMITTED', message: CENSUS_MESSAGES.alreadySubmitted });
  if (document.status !== 'VALIDATED' || !document.report)
    return refused<CensusError>({ code: 'NOT_VALIDATED', message: CORRECTION_MESSAGES.notValidated });
  if (state.order[0] !== document.documentId)
    return refused<CensusError>({ code: 'STALE', message: CORRECTION_MESSAGES.notNewest });
  const invalid = (field: string, message: string) =>
    refused<CensusError>({ code: 'INVALID', message, fields: { [field]: message } });
  const cells: { row: number; field: CensusField; before: string; after: string }[] = [];
  for (const cell of data.cells) {
    if (document.mapping[cell.field] === undefined)
      return invalid('body.field', CORRECTION_MESSAGES.notAColumn(cell.field));
    const shown = document.rows.get(cell.row);
    if (!shown) return invalid('body.row', CORRECTION_MESSAGES.notShown(cell.row));
    const text = correctionText(cell.value);
    if (!text.ok) return invalid('body.value', text.message);
    const current = shown.cells[cell.field] ?? '';
    if (cell.seen.trim() !== current)
      return refused<CensusError>({
        code: 'CELL_CHANGED',
        message: CORRECTION_MESSAGES.conflict(cell.row, cell.field, current),
      });
    if (text.value !== current)
      cells.push({ row: cell.row, field: cell.field, before: current, after: text.value });
  }
  if (cells.length === 0)
    return data.replace
      ? invalid('body.find', CORRECTION_MESSAGES.noMatch(data.replace.field, data.replace.find))
      : invalid('body.value', CORRECTION_MESSAGES.unchanged);
  // The revalidation must be of these very cells: each corrected row is revalidated with its new value.
  const revalidated = new Map(data.revalidation.revalidated.map((r) => [r.row, r.cells]));
  if (cells.some((c) => (revalidated.get(c.row)?.[c.field] ?? null) !== c.after))
    throw new Error('The revalidation is not of the corrected cells');
  return accepted<CensusEvent>({
    type: 'CensusCellsCorrected',
    data: {
      clientId: data.clientId,
      policyId: data.policyId,
      documentId: data.documentId,
      // Each cell is its row's employee's (as the row reads after the correction): sealed, and erased, with them.
      cells: cells.map((c) => ({ ...c, employeeId: revalidated.get(c.row)?.employeeId ?? '' })),
      replace: data.replace,
      revalidated: data.revalidation.revalidated.map((r) => ({
        row: r.row,
        cells: r.cells as Record<string, string>,
        issues: r.issues,
      })),
      counts: data.revalidation.counts,
      ruleCounts: data.revalidation.ruleCounts as Record<string, number>,
      at: metadata.at,
      by: byOf(metadata),
    },
  });
}

/**
 * The cells a find-and-replace over a column changes: every row with problems whose cell in the column
 * contains the text, with what it holds now and what it gets.
 */
export function replacementCells(
  document: CensusDocumentState,
  field: CensusField,
  find: string,
  replaceWith: string,
): CensusCellEdit[] {
  if (find === '') return [];
  return [...document.rows.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([row, { cells }]) => {
      const seen = cells[field] ?? '';
      return seen.includes(find) ? [{ row, field, seen, value: replaceAllIn(seen, find, replaceWith) }] : [];
    });
}

const rowsOf = (
  rows: readonly { row: number; cells: Record<string, string> }[] | undefined,
  issues: readonly CensusIssue[],
) => {
  const byRow = new Map<number, CensusIssue[]>();
  for (const item of issues) byRow.set(item.row, [...(byRow.get(item.row) ?? []), item]);
  return new Map(
    (rows ?? []).map(({ row, cells }) => [row, { cells: cells as CensusRow, issues: byRow.get(row) ?? [] }]),
  );
};

/** A file as uploaded: read as given, not yet confirmed nor validated. */
function uploadedDocument(event: Extract<CensusEvent, { type: 'CensusUploaded' }>): CensusDocumentState {
  const { documentId, fileName, format, size, headers, mapping, at, by } = event.data;
  return {
    documentId,
    fileName,
    format,
    size,
    headers,
    mapping,
    reading: (event.data.reading as CensusReading | undefined) ?? plainReading(format),
    matches: (event.data.matches ?? {}) as CensusMatches,
    remembered: (event.data.remembered ?? null) as CensusRemembered | null,
    source: null,
    status: 'UPLOADED',
    uploadedAt: at,
    uploadedBy: by.userId,
    report: null,
    changes: null,
    comparedWith: null,
    errorWorkbookDocumentId: null,
    failure: null,
    submittedAt: null,
    rows: new Map(),
    corrected: new Map(),
    corrections: 0,
    outputsThrough: 0,
  };
}

/** A correction applied: the rows revalidated, each cell's value in the file and now, the report recounted. */
function correctedDocument(
  current: CensusDocumentState,
  event: Extract<CensusEvent, { type: 'CensusCellsCorrected' }>,
): CensusDocumentState {
  const rows = new Map(current.rows);
  for (const r of event.data.revalidated)
    if (rows.has(r.row) || r.issues.length > 0)
      rows.set(r.row, { cells: r.cells as CensusRow, issues: r.issues as CensusIssue[] });
  const corrected = new Map(current.corrected);
  for (const cell of event.data.cells) {
    const key = cellKey(cell.row, cell.field);
    const original = corrected.get(key)?.original ?? cell.before;
    // A cell set back to the file's value is no longer corrected; an erased one stays corrected, erased.
    if (cell.after === original && original !== ERASED) corrected.delete(key);
    else
      corrected.set(key, {
        row: cell.row,
        field: cell.field as CensusField,
        original,
        value: cell.after,
      });
  }
  return {
    ...current,
    rows,
    corrected,
    corrections: current.corrections + 1,
    report: current.report
      ? correctedReport(current.report, {
          revalidated: event.data.revalidated as CensusRevalidation['revalidated'],
          counts: event.data.counts,
          ruleCounts: event.data.ruleCounts as CensusRevalidation['ruleCounts'],
        })
      : null,
  };
}

function evolve(state: CensusState, event: CensusEvent): CensusState {
  const documents = new Map(state.documents);
  const { documentId } = event.data;
  const current = documents.get(documentId);
  switch (event.type) {
    case 'CensusUploaded':
      documents.set(documentId, uploadedDocument(event));
      return { ...state, documents, order: [documentId, ...state.order.filter((id) => id !== documentId)] };
    case 'CensusReadingChanged':
      if (!current) return state;
      documents.set(documentId, {
        ...current,
        reading: event.data.reading as CensusReading,
        headers: event.data.headers,
        mapping: event.data.mapping,
        matches: event.data.matches as CensusMatches,
        remembered: event.data.remembered as CensusRemembered | null,
        status: 'UPLOADED',
        source: null,
        report: null,
        changes: null,
        failure: null,
        errorWorkbookDocumentId: null,
      });
      return { ...state, documents };
    case 'CensusMappingConfirmed':
      if (!current) return state;
      documents.set(documentId, {
        ...current,
        mapping: event.data.mapping,
        source: event.data.source,
        status: 'VALIDATING',
        report: null,
        changes: null,
        failure: null,
        errorWorkbookDocumentId: null,
        rows: new Map(),
      });
      return { ...state, documents };
    case 'CensusValidated': {
      if (!current) return state;
      const report = event.data.report as unknown as CensusReport;
      documents.set(documentId, {
        ...current,
        status: 'VALIDATED',
        report,
        rows: rowsOf(event.data.rows, report.issues),
        changes: event.data.changes as unknown as CensusChanges | null,
        comparedWith: event.data.comparedWith,
        errorWorkbookDocumentId: event.data.errorWorkbookDocumentId,
      });
      return { ...state, documents };
    }
    case 'CensusCellsCorrected':
      if (!current) return state;
      documents.set(documentId, correctedDocument(current, event));
      return { ...state, documents };
    case 'CensusOutputsRewritten':
      if (!current) return state;
      documents.set(documentId, {
        ...current,
        errorWorkbookDocumentId: event.data.errorWorkbookDocumentId,
        changes: event.data.changes as unknown as CensusChanges | null,
        outputsThrough: event.data.corrections,
      });
      return { ...state, documents };
    case 'CensusValidationFailed':
      if (!current) return state;
      documents.set(documentId, { ...current, status: 'FAILED', failure: event.data.message });
      return { ...state, documents };
    case 'CensusSubmitted':
      if (!current) return state;
      documents.set(documentId, { ...current, submittedAt: event.data.at });
      return { ...state, documents, lastSubmitted: documentId };
    case 'CensusRenamed':
      if (!current) return state;
      documents.set(documentId, { ...current, fileName: event.data.fileName });
      return { ...state, documents };
    case 'CensusDeleted':
      documents.delete(documentId);
      return { ...state, documents, order: state.order.filter((id) => id !== documentId) };
  }
}

export const censusDecider: Decider<CensusState, CensusCommand, CensusEvent, CensusError> = {
  initialState,
  decide,
  evolve,
};

/** The census validation result of onboarding §3: the document, whether submitted, and its validations. */
export type CensusValidationResult = {
  document: Pick<
    CensusDocumentState,
    | 'documentId'
    | 'fileName'
    | 'format'
    | 'size'
    | 'uploadedAt'
    | 'headers'
    | 'mapping'
    | 'reading'
    | 'matches'
    | 'remembered'
    | 'source'
    | 'status'
    | 'errorWorkbookDocumentId'
    | 'failure'
    | 'corrections'
  > & {
    /** Whether the error workbook and change view hold every correction made where the census is read. */
    outputsCurrent: boolean;
  };
  submitted: boolean;
  domainValidations: Pick<CensusDocumentState, 'report' | 'changes' | 'comparedWith'>;
};

/** Every file of the policy's census, newest first, as the validate calls answer them. */
export function censusValidationResults(state: CensusState): CensusValidationResult[] {
  return state.order.map((id) => {
    const d = state.documents.get(id)!;
    return {
      document: {
        documentId: d.documentId,
        fileName: d.fileName,
        format: d.format,
        size: d.size,
        uploadedAt: d.uploadedAt,
        headers: d.headers,
        mapping: d.mapping,
        reading: d.reading,
        matches: d.matches,
        remembered: d.remembered,
        source: d.source,
        status: d.status,
        errorWorkbookDocumentId: d.errorWorkbookDocumentId,
        failure: d.failure,
        corrections: d.corrections,
        outputsCurrent: d.outputsThrough === d.corrections,
      },
      submitted: d.submittedAt !== null,
      domainValidations: { report: d.report, changes: d.changes, comparedWith: d.comparedWith },
    };
  });
}

/** The grid of the rows with problems: the file's columns in its order, and each row as it is now. */
export type CensusGrid = {
  columns: { field: CensusField; label: string }[];
  rows: {
    row: number;
    cells: CensusRow;
    issues: CensusIssue[];
    /** The file's value of each corrected cell. */
    corrected: Partial<Record<CensusField, string>>;
  }[];
};

export function censusGrid(document: CensusDocumentState): CensusGrid {
  const columns = (Object.entries(document.mapping) as [CensusField, number][])
    .sort(([, a], [, b]) => a - b)
    .map(([field]) => ({ field, label: CENSUS_FIELD_LABELS[field] }));
  const correctedByRow = new Map<number, Partial<Record<CensusField, string>>>();
  for (const cell of document.corrected.values())
    correctedByRow.set(cell.row, { ...correctedByRow.get(cell.row), [cell.field]: cell.original });
  return {
    columns,
    rows: [...document.rows.entries()]
      .sort(([a], [b]) => a - b)
      .map(([row, { cells, issues }]) => ({ row, cells, issues, corrected: correctedByRow.get(row) ?? {} })),
  };
}

/** The corrected cells of a document by row, to lay over the file's rows. */
export function correctionsByRow(document: CensusDocumentState): Map<number, CensusRow> {
  const byRow = new Map<number, CensusRow>();
  for (const cell of document.corrected.values())
    byRow.set(cell.row, { ...byRow.get(cell.row), [cell.field]: cell.value });
  return byRow;
}
