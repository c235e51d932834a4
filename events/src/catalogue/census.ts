import { z } from 'zod';
import { eventSchema, Stamp } from './schema.ts';

const Ref = { clientId: z.string(), policyId: z.string(), documentId: z.string() };
/** Which column (by index) holds each census field. */
const Mapping = z.record(z.string(), z.number().int().min(0));

/**
 * How the file is read (domain/src/census/reading.ts): a CSV's encoding (and the one detected) and
 * delimiter, an XLSX's sheet among its sheets and its date system, and the header's row under any
 * title rows. Absent on files uploaded before it was kept: UTF-8, commas or the first sheet, row 1.
 */
const Reading = z.object({
  format: z.enum(['CSV', 'XLSX']),
  encoding: z.string().nullable(),
  detectedEncoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  sheet: z.string().nullable(),
  sheets: z.array(z.string()),
  headerRow: z.number().int().min(1),
  date1904: z.boolean(),
});
/** How each field's column was matched: by its name, a synonym, a resemblance, or as confirmed last time. */
const Matches = z.record(
  z.string(),
  z.object({ how: z.enum(['EXACT', 'SYNONYM', 'FUZZY', 'REMEMBERED']), confidence: z.number() }),
);
/** The columns confirmed for an earlier census this file's mapping started from, and what differs. */
const Remembered = z.object({
  scope: z.enum(['CLIENT', 'PLATFORM']),
  platform: z.string().nullable(),
  fileName: z.string(),
  confirmedAt: z.string(),
  differences: z.array(
    z.object({
      kind: z.enum(['MISSING', 'MOVED', 'NEW']),
      field: z.string().optional(),
      header: z.string(),
      now: z.string().optional(),
    }),
  ),
});

/**
 * A census file was uploaded for a policy: its bytes are in the document store under documentId; the
 * headers as read, how the file was read, and the mapping they suggest (with how each column was
 * matched, and the earlier census it was remembered from) are kept for the user to confirm.
 */
export const CensusUploaded = eventSchema('CensusUploaded', {
  ...Ref,
  fileName: z.string(),
  format: z.enum(['CSV', 'XLSX']),
  size: z.number().int(),
  headers: z.array(z.string()),
  mapping: Mapping,
  reading: Reading.optional(),
  matches: Matches.optional(),
  remembered: Remembered.nullable().optional(),
  ...Stamp,
});

/**
 * The user chose another way to read the stored file (an encoding, a delimiter, a sheet): it was read
 * again, giving these headers and the mapping they suggest; the columns are to be confirmed again.
 */
export const CensusReadingChanged = eventSchema('CensusReadingChanged', {
  ...Ref,
  reading: Reading,
  headers: z.array(z.string()),
  mapping: Mapping,
  matches: Matches,
  remembered: Remembered.nullable(),
  ...Stamp,
});

/** The user confirmed which column is which field and said where the census came from; validation runs. */
export const CensusMappingConfirmed = eventSchema('CensusMappingConfirmed', {
  ...Ref,
  mapping: Mapping,
  source: z.enum(['BEN_ADMIN_PLATFORM', 'HRIS', 'MANUAL']),
  /** The headers the mapping's columns are of, and the file's name: what the next upload is matched by. */
  headers: z.array(z.string()).optional(),
  fileName: z.string().optional(),
  /** The benefits-administration platform the policy's EIF names, when it names one. */
  platform: z.string().nullable().optional(),
  ...Stamp,
});

/**
 * Validation finished: the report (counts, rules with rows, the first issues), the change view against
 * the census submitted before (null for the first), and the error workbook's document when there were
 * issues. The report's shape is domain/src/census/report.ts's.
 */
export const CensusValidated = eventSchema('CensusValidated', {
  ...Ref,
  report: z.record(z.string(), z.unknown()),
  changes: z.record(z.string(), z.unknown()).nullable(),
  errorWorkbookDocumentId: z.string().nullable(),
  /** The census submitted before that the changes are against. */
  comparedWith: z.string().nullable(),
  /**
   * The cells of the rows with problems (the rows of the report's issues), by field, so they can be
   * corrected where they are read. Absent on files validated before corrections existed.
   */
  rows: z.array(z.object({ row: z.number().int(), cells: z.record(z.string(), z.string()) })).optional(),
  at: z.string(),
});

const Issue = z.object({
  row: z.number().int(),
  field: z.string().nullable(),
  rule: z.string(),
  severity: z.enum(['ERROR', 'WARNING']),
  message: z.string(),
});

/**
 * Cells of a validated census were corrected where they are read: each cell (row as the spreadsheet
 * numbers it, field) from what to what, by whom; `replace` when a find-and-replace over a column made them.
 * The rows whose problems changed are revalidated: their cells and issues now, with the file's totals after.
 * The census is the file plus every correction, in stream order. Each cell names the employee of its row
 * (the row's employee id after the correction; '' for a row without one), so its values are sealed with
 * that employee's data key; a cell recorded without it was sealed with the client's.
 */
export const CensusCellsCorrected = eventSchema('CensusCellsCorrected', {
  ...Ref,
  cells: z.array(
    z.object({
      row: z.number().int(),
      field: z.string(),
      before: z.string(),
      after: z.string(),
      employeeId: z.string().optional(),
    }),
  ),
  replace: z.object({ field: z.string(), find: z.string(), replaceWith: z.string() }).nullable(),
  revalidated: z.array(
    z.object({ row: z.number().int(), cells: z.record(z.string(), z.string()), issues: z.array(Issue) }),
  ),
  counts: z.object({ ERROR: z.number().int(), WARNING: z.number().int() }),
  /** How many issues each rule has in the whole file after the correction. */
  ruleCounts: z.record(z.string(), z.number().int()),
  ...Stamp,
});

/**
 * The error workbook and the change view were written again with the corrections up to `corrections`
 * (how many corrections the census had then): the workbook holds the corrected values.
 */
export const CensusOutputsRewritten = eventSchema('CensusOutputsRewritten', {
  ...Ref,
  corrections: z.number().int(),
  errorWorkbookDocumentId: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
});

/** The file could not be read to its end (a broken file past its headers); nothing was validated. */
export const CensusValidationFailed = eventSchema('CensusValidationFailed', {
  ...Ref,
  message: z.string(),
  at: z.string(),
});

/** The user submitted a validated census without errors for the policy. */
export const CensusSubmitted = eventSchema('CensusSubmitted', { ...Ref, ...Stamp });

/** A census file was renamed (from the documents screen); the name is the one shown everywhere after. */
export const CensusRenamed = eventSchema('CensusRenamed', {
  ...Ref,
  fileName: z.string(),
  ...Stamp,
});

/** A census file not submitted was deleted (from the documents screen); it is no longer listed or served. */
export const CensusDeleted = eventSchema('CensusDeleted', { ...Ref, ...Stamp });

export const CensusEvent = z.discriminatedUnion('type', [
  CensusUploaded,
  CensusReadingChanged,
  CensusMappingConfirmed,
  CensusValidated,
  CensusValidationFailed,
  CensusSubmitted,
  CensusRenamed,
  CensusDeleted,
  CensusCellsCorrected,
  CensusOutputsRewritten,
]);
export type CensusEvent = z.infer<typeof CensusEvent>;

/** The census files of one client's policy. */
export const censusStream = (clientId: string, policyId: string) => `census-${clientId}-${policyId}`;
