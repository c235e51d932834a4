import { z } from 'zod';
import { CENSUS_FIELDS, CENSUS_SOURCES } from '@onboard/domain/census';

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
      source: z.enum(CENSUS_SOURCES).nullable(),
      status: z.enum(['UPLOADED', 'VALIDATING', 'VALIDATED', 'FAILED']),
      errorWorkbookDocumentId: z.string().nullable(),
      failure: z.string().nullable(),
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
