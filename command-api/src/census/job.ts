import { loadClientView } from '../eif/client-view.ts';
import {
  WrongExpectedRevisionError,
  censusStream,
  handleCommand,
  parseEvent,
  withRetries,
  type Bus,
  type CensusEvent,
  type EventStore,
  type SnapshotStore,
} from '@onboard/events';
import { type DocumentStore, foldWith } from '@onboard/domain';
import {
  censusChanges,
  censusChecker,
  censusDecider,
  censusFactsOf,
  correctionsByRow,
  packRow,
  personKey,
  relationshipOf,
  reportBuilder,
  rowOf,
  unpackRow,
  REPORT_ISSUE_LIMIT,
  type CensusCommand,
  type CensusReading,
  type CensusRow,
  type CensusDocumentState,
  type CensusEifFacts,
  type CensusIssue,
  type CensusState,
  type ColumnMapping,
} from '@onboard/domain/census';
import {
  CensusFileError,
  XLSX_MIME_TYPE,
  censusTableRows,
  errorWorkbook,
  estimateRows,
  type CensusFormat,
} from './file.ts';

export type CensusJobDeps = {
  store: EventStore;
  snapshots?: SnapshotStore;
  documents: DocumentStore;
  bus?: Pick<Bus, 'publish'>;
  now: () => Date;
  newId: () => string;
};

export type CensusRef = { clientId: string; policyId: string; documentId: string };

export type Progress = (rowsDone: number, rowsTotal: number) => void;

/** Rows between progress messages, and the least time between two of them. */
const PROGRESS_EVERY_ROWS = 1000;
const PROGRESS_EVERY_MS = 250;

export type ValidationOutcome = {
  report: ReturnType<ReturnType<typeof reportBuilder>['build']>;
  /** Every issue by row (the error workbook needs them all, the report keeps the first ones). */
  issuesByRow: Map<number, CensusIssue[]>;
  /** The people of the file packed for the change view, when asked for. */
  people: Map<string, string> | null;
  /** The cells of the rows the report lists (the rows with problems the grid shows). */
  rows: { row: number; cells: CensusRow }[];
};

/**
 * The census's rows by the spreadsheet's numbering (the header is row 1, blank rows are not counted), read
 * through the mapping, each with its corrections laid over it: the census is the file plus its corrections.
 */
export async function* censusFileRows(
  bytes: Uint8Array,
  how: CensusFormat | CensusReading,
  mapping: ColumnMapping,
  corrections?: ReadonlyMap<number, CensusRow>,
): AsyncGenerator<readonly [number, CensusRow]> {
  for await (const { rowNumber, cells } of censusTableRows(bytes, how, mapping)) {
    const row = rowOf(cells, mapping);
    const corrected = corrections?.get(rowNumber);
    yield [rowNumber, corrected ? { ...row, ...corrected } : row];
  }
}

/**
 * Validates a census file in one streamed pass: each row is checked as it is read (row rules, EIF rules,
 * duplicates), the issues gathered into the report, and nothing of the file is kept but what duplicates,
 * the error workbook and (when asked) the change view need.
 */
export async function validateCensusFile(
  bytes: Uint8Array,
  how: CensusFormat | CensusReading,
  mapping: ColumnMapping,
  facts: CensusEifFacts,
  options: {
    keepPeople: boolean;
    onProgress?: Progress;
    rowsTotal?: number;
    corrections?: ReadonlyMap<number, CensusRow>;
  },
): Promise<ValidationOutcome> {
  const checker = censusChecker(facts);
  const report = reportBuilder();
  const issuesByRow = new Map<number, CensusIssue[]>();
  const people = options.keepPeople ? new Map<string, string>() : null;
  const total = options.rowsTotal ?? 0;
  // The cells of rows with problems (as many as a report lists), and of every dependent, whose problem
  // (no employee row) only the end of the file shows.
  const flagged = new Map<number, CensusRow>();
  const dependents = new Map<number, string>();
  let lastProgress = 0;
  let rowsRead = 0;
  const note = (issues: CensusIssue[]) => {
    for (const item of issues) {
      const list = issuesByRow.get(item.row);
      if (list) list.push(item);
      else issuesByRow.set(item.row, [item]);
    }
  };
  for await (const [rowNumber, row] of censusFileRows(bytes, how, mapping, options.corrections)) {
    rowsRead += 1;
    const issues = checker.check(row, rowNumber);
    report.addRow(issues);
    if (issues.length > 0) {
      note(issues);
      if (flagged.size < REPORT_ISSUE_LIMIT) flagged.set(rowNumber, row);
    } else if ((relationshipOf(row.relationship) ?? 'EMPLOYEE') !== 'EMPLOYEE')
      dependents.set(rowNumber, packRow(row));
    if (people) {
      const key = personKey(row);
      if (key !== null) people.set(key, packRow(row));
    }
    const done = rowsRead;
    if (options.onProgress && done % PROGRESS_EVERY_ROWS === 0) {
      const at = Date.now();
      if (at - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = at;
        options.onProgress(done, Math.max(total, done));
      }
    }
  }
  const last = checker.finish();
  report.add(last);
  note(last);
  const built = report.build();
  const rows = [...new Set(built.issues.map((i) => i.row))].flatMap((row) => {
    const packed = dependents.get(row);
    const cells = flagged.get(row) ?? (packed === undefined ? undefined : unpackRow(packed));
    return cells ? [{ row, cells: pickMapped(cells, mapping) }] : [];
  });
  return { report: built, issuesByRow, people, rows };
}

const pickMapped = (row: CensusRow, mapping: ColumnMapping): CensusRow =>
  Object.fromEntries(Object.keys(mapping).map((field) => [field, row[field as keyof CensusRow] ?? '']));

/** The people of a census file, packed for the change view. */
async function peopleOf(
  bytes: Uint8Array,
  how: CensusFormat | CensusReading,
  mapping: ColumnMapping,
  corrections: ReadonlyMap<number, CensusRow>,
) {
  const people = new Map<string, string>();
  for await (const [, row] of censusFileRows(bytes, how, mapping, corrections)) {
    const key = personKey(row);
    if (key !== null) people.set(key, packRow(row));
  }
  return people;
}

export async function readCensus(store: EventStore, clientId: string, policyId: string) {
  const recorded = await store.readStream(censusStream(clientId, policyId));
  const state = foldWith(
    censusDecider,
    recorded.map((r) => parseEvent(r) as CensusEvent),
  );
  return { state, revision: BigInt(recorded.length) - 1n };
}

/** The facts of the client's signed EIF for the policy (coverage dates taken from its effective date). */
export async function censusFacts(
  deps: Pick<CensusJobDeps, 'store' | 'snapshots' | 'now'>,
  clientId: string,
  policyId: string,
) {
  const view = await loadClientView(deps, clientId);
  if (!view) return null;
  const policy = view.policies.find((p) => p.id === policyId);
  const effective = typeof policy?.policyEffectiveDate === 'string' ? policy.policyEffectiveDate : '';
  const asOf = /^\d{4}-\d{2}-\d{2}$/.test(effective) ? effective : deps.now().toISOString().slice(0, 10);
  return censusFactsOf(view, policyId, asOf);
}

/** The facts to validate against: the signed EIF's, or none but the row rules while it is not signed. */
export async function censusFactsOrUnsigned(
  deps: Pick<CensusJobDeps, 'store' | 'snapshots' | 'now'>,
  ref: Pick<CensusRef, 'clientId' | 'policyId'>,
): Promise<CensusEifFacts> {
  return (
    (await censusFacts(deps, ref.clientId, ref.policyId)) ?? {
      signed: false,
      classes: [],
      locations: [],
      domesticPartnersEligible: false,
      childAgeLimit: 26,
      asOf: deps.now().toISOString().slice(0, 10),
    }
  );
}

/** Appends the job's outcome at the revision read; a write meanwhile (another upload) is read again. */
async function record(deps: CensusJobDeps, ref: CensusRef, build: (at: string) => CensusCommand) {
  await withRetries(
    async () => {
      const at = deps.now().toISOString();
      // A refusal (the file deleted or validated again meanwhile) records nothing.
      await handleCommand(deps.store, censusDecider, {
        stream: censusStream(ref.clientId, ref.policyId),
        newId: deps.newId,
        command: build(at),
        metadata: {
          actorId: 'system:census',
          actorRole: 'SYSTEM',
          occurredAt: at,
          correlationId: ref.documentId,
        },
      });
    },
    { attempts: 6, retryOn: (error) => error instanceof WrongExpectedRevisionError },
  );
}

const baseName = (name: string) => name.replace(/\.(csv|xlsx)$/i, '');

/**
 * The validation job of one confirmed census file: reads it from the document store, validates it
 * against the signed EIF with progress on the bus (the real-time stream), writes the error workbook to
 * the document store when there are issues, compares with the census submitted before, and records the
 * outcome on the census stream. A file that cannot be read to its end is recorded as failed.
 */
export async function runCensusValidation(deps: CensusJobDeps, ref: CensusRef): Promise<void> {
  const { state } = await readCensus(deps.store, ref.clientId, ref.policyId);
  const document = state.documents.get(ref.documentId);
  if (!document || document.status !== 'VALIDATING') return;
  try {
    await validateAndRecord(deps, ref, state, document);
  } catch (error) {
    const message = error instanceof CensusFileError ? error.message : 'The census could not be validated';
    await record(deps, ref, (at) => ({
      type: 'RecordCensusFailure',
      data: { ...ref, message },
      metadata: { at },
    }));
    if (!(error instanceof CensusFileError)) throw error;
  }
}

async function validateAndRecord(
  deps: CensusJobDeps,
  ref: CensusRef,
  state: CensusState,
  document: CensusDocumentState,
) {
  const file = await deps.documents.get(ref.documentId);
  if (!file) throw new CensusFileError('The file is no longer in the document store');
  const facts = await censusFactsOrUnsigned(deps, ref);
  const previous = previousOf(state, ref.documentId);
  const rowsTotal = estimateRows(file.bytes, document.reading);
  const publish = (rowsDone: number, total: number) => {
    void deps.bus
      ?.publish([
        {
          topic: 'CENSUS_VALIDATION_PROGRESS',
          id: deps.newId(),
          occurredAt: deps.now().toISOString(),
          payload: { ...ref, rowsDone, rowsTotal: total },
        },
      ])
      .catch(() => undefined); // progress is best effort; the outcome is recorded on the stream
  };
  publish(0, rowsTotal);
  const outcome = await validateCensusFile(file.bytes, document.reading, document.mapping, facts, {
    keepPeople: previous !== undefined,
    onProgress: publish,
    rowsTotal,
  });
  publish(outcome.report.rows, outcome.report.rows);

  const outputs = await writeOutputs(deps, ref, document, previous, file, outcome);
  await record(deps, ref, (at) => ({
    type: 'RecordCensusValidation',
    data: {
      ...ref,
      report: outcome.report,
      changes: outputs.changes,
      comparedWith: previous?.documentId ?? null,
      errorWorkbookDocumentId: outputs.errorWorkbookDocumentId,
      rows: outcome.rows,
    },
    metadata: { at },
  }));
}

/**
 * What a validation leaves beside its report: the error workbook (the file's rows with their corrections,
 * the problems marked) when there are problems, and the change view against the census submitted before.
 */
async function writeOutputs(
  deps: CensusJobDeps,
  { clientId }: CensusRef,
  document: CensusDocumentState,
  previous: CensusDocumentState | undefined,
  { bytes }: { bytes: Uint8Array },
  outcome: ValidationOutcome,
) {
  let errorWorkbookDocumentId: string | null = null;
  if (outcome.issuesByRow.size > 0 && deps.documents.put) {
    const workbook = await errorWorkbook(
      bytes,
      document.reading,
      document.headers,
      document.mapping,
      outcome.issuesByRow,
      correctionsByRow(document),
    );
    const stored = await deps.documents.put({
      documentId: deps.newId(),
      bytes: workbook,
      mimeType: XLSX_MIME_TYPE,
      name: `${baseName(document.fileName)} - errors.xlsx`,
      uploadedBy: 'system:census',
      personalData: { clientId },
    });
    errorWorkbookDocumentId = stored.documentId;
  }
  let changes = null;
  if (previous && outcome.people) {
    const before = await deps.documents.get(previous.documentId);
    if (before)
      changes = censusChanges(
        await peopleOf(before.bytes, previous.reading, previous.mapping, correctionsByRow(previous)),
        outcome.people,
      );
  }
  return { errorWorkbookDocumentId, changes };
}

const previousOf = (state: CensusState, documentId: string) =>
  state.lastSubmitted !== null && state.lastSubmitted !== documentId
    ? state.documents.get(state.lastSubmitted)
    : undefined;

/**
 * After corrections: validates the file with its corrections whole once more and writes the error
 * workbook and the change view again with the corrected values, recording how many corrections they hold.
 */
export async function rewriteCensusOutputs(deps: CensusJobDeps, ref: CensusRef): Promise<void> {
  const { state } = await readCensus(deps.store, ref.clientId, ref.policyId);
  const document = state.documents.get(ref.documentId);
  if (!document || document.status !== 'VALIDATED' || document.outputsThrough >= document.corrections) return;
  const file = await deps.documents.get(ref.documentId);
  if (!file) return;
  const previous = previousOf(state, ref.documentId);
  const outcome = await validateCensusFile(
    file.bytes,
    document.reading,
    document.mapping,
    await censusFactsOrUnsigned(deps, ref),
    { keepPeople: previous !== undefined, corrections: correctionsByRow(document) },
  );
  const outputs = await writeOutputs(deps, ref, document, previous, file, outcome);
  await record(deps, ref, (at) => ({
    type: 'RecordCensusOutputs',
    data: { ...ref, corrections: document.corrections, ...outputs },
    metadata: { at },
  }));
}
