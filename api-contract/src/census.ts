import { z } from 'zod';
import { CENSUS_DELIMITERS, CENSUS_ENCODINGS, CENSUS_FIELDS, CENSUS_SOURCES } from '@onboard/domain/census';

/** Onboarding §3 census validation result: the document, whether submitted, and its validations. */
const Issue = z.object({
  row: z.number().int(),
  field: z.enum(CENSUS_FIELDS).nullable(),
  rule: z.string(),
  severity: z.enum(['ERROR', 'WARNING']),
  message: z.string(),
});
const Person = z.object({
  key: z.string(),
  name: z.string(),
  employeeId: z.string(),
  relationship: z.string(),
});

export const CensusReport = z.object({
  rows: z.number().int(),
  counts: z.object({ ERROR: z.number().int(), WARNING: z.number().int() }),
  groups: z.array(
    z.object({
      rule: z.string(),
      label: z.string(),
      severity: z.enum(['ERROR', 'WARNING']),
      count: z.number().int(),
      rows: z.array(z.number().int()),
    }),
  ),
  issues: z.array(Issue),
  truncated: z.boolean(),
});

export const CensusChanges = z.object({
  totals: z.object({
    added: z.number().int(),
    removed: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
  }),
  added: z.array(Person),
  removed: z.array(Person),
  changed: z.array(
    Person.extend({
      fields: z.array(
        z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string() }),
      ),
    }),
  ),
});

/** How the file is read: detected on upload, changed by the user. */
export const CensusReading = z.object({
  format: z.enum(['CSV', 'XLSX']),
  encoding: z.enum(CENSUS_ENCODINGS).nullable(),
  detectedEncoding: z.enum(CENSUS_ENCODINGS).nullable(),
  delimiter: z.enum(CENSUS_DELIMITERS).nullable(),
  sheet: z.string().nullable(),
  sheets: z.array(z.string()),
  headerRow: z.number().int(),
  date1904: z.boolean(),
});

const Field = z.enum(CENSUS_FIELDS);

export const CensusValidationResult = z
  .object({
    document: z.object({
      documentId: z.string(),
      fileName: z.string(),
      format: z.enum(['CSV', 'XLSX']),
      size: z.number().int(),
      uploadedAt: z.string(),
      headers: z.array(z.string()),
      mapping: z.record(z.string(), z.number().int()),
      reading: CensusReading,
      /** How each field's column was matched, with the confidence shown beside it. */
      matches: z.partialRecord(
        Field,
        z.object({ how: z.enum(['EXACT', 'SYNONYM', 'FUZZY', 'REMEMBERED']), confidence: z.number() }),
      ),
      /** The earlier census whose confirmed columns this file's started from, and what differs. */
      remembered: z
        .object({
          scope: z.enum(['CLIENT', 'PLATFORM']),
          platform: z.string().nullable(),
          fileName: z.string(),
          confirmedAt: z.string(),
          differences: z.array(
            z.discriminatedUnion('kind', [
              z.object({ kind: z.literal('MISSING'), field: Field, header: z.string() }),
              z.object({ kind: z.literal('MOVED'), field: Field, header: z.string(), now: z.string() }),
              z.object({ kind: z.literal('NEW'), header: z.string() }),
            ]),
          ),
        })
        .nullable(),
      source: z.enum(CENSUS_SOURCES).nullable(),
      status: z.enum(['UPLOADED', 'VALIDATING', 'VALIDATED', 'FAILED']),
      errorWorkbookDocumentId: z.string().nullable(),
      failure: z.string().nullable(),
      /** Corrections made where the census is read, and whether the error workbook holds them all. */
      corrections: z.number().int(),
      outputsCurrent: z.boolean(),
      /** While validating: rows done of the file's rows (0 total: not known yet). */
      progress: z.object({ rowsDone: z.number().int(), rowsTotal: z.number().int() }).nullable().optional(),
    }),
    submitted: z.boolean(),
    domainValidations: z.object({
      report: CensusReport.nullable(),
      changes: CensusChanges.nullable(),
      comparedWith: z.string().nullable(),
    }),
  })
  .meta({ id: 'CensusValidationResult' });

export const CensusValidationResults = z
  .array(CensusValidationResult)
  .meta({ id: 'CensusValidationResults' });

export const CensusParams = z.object({ clientId: z.string(), policyId: z.string() });

/** The rows with problems of a census file as they are now, for correcting them where they are read. */
export const CensusGrid = z
  .object({
    columns: z.array(z.object({ field: z.enum(CENSUS_FIELDS), label: z.string() })),
    rows: z.array(
      z.object({
        row: z.number().int(),
        cells: z.partialRecord(z.enum(CENSUS_FIELDS), z.string()),
        issues: z.array(Issue),
        /** The file's value of each corrected cell. */
        corrected: z.partialRecord(z.enum(CENSUS_FIELDS), z.string()),
      }),
    ),
  })
  .meta({ id: 'CensusGrid' });

export const CensusFileParams = CensusParams.extend({ documentId: z.string().min(1) });

/** What a correction answers: the file's validation now and its grid. */
export const CensusCorrected = z
  .object({ result: CensusValidationResult, grid: CensusGrid })
  .meta({ id: 'CensusCorrected' });
