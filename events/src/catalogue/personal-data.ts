import { z } from 'zod';
import { eventSchema, Stamp } from './schema.ts';

/**
 * Which person's data was looked at: a row of one census file (none for a person of its change view),
 * with the employee id the file gives it (never the SSN, never a name).
 */
const EmployeeRef = z.object({
  policyId: z.string(),
  documentId: z.string(),
  fileName: z.string(),
  row: z.number().int().nullable(),
  employeeId: z.string(),
});

/** Someone with the right to see the full value revealed one masked field of one employee, saying why. */
export const PersonalDataRevealed = eventSchema('PersonalDataRevealed', {
  clientId: z.string(),
  employee: EmployeeRef,
  field: z.string(),
  /** A value of the census change view: the one the file had before, or has now. */
  change: z.enum(['BEFORE', 'AFTER']).optional(),
  reason: z.string(),
  ...Stamp,
});
export type PersonalDataRevealed = z.infer<typeof PersonalDataRevealed>;

/**
 * Someone whose role may see full values downloaded a file of personal data without the masking: the
 * error workbook of a census file, or the census file as uploaded.
 */
export const PersonalDataDownloadedUnmasked = eventSchema('PersonalDataDownloadedUnmasked', {
  clientId: z.string(),
  file: z.object({ policyId: z.string(), documentId: z.string(), fileName: z.string() }),
  what: z.enum(['CENSUS_ERROR_WORKBOOK', 'CENSUS_FILE']),
  reason: z.string(),
  ...Stamp,
});
export type PersonalDataDownloadedUnmasked = z.infer<typeof PersonalDataDownloadedUnmasked>;

export const PersonalDataAccessEvent = z.discriminatedUnion('type', [
  PersonalDataRevealed,
  PersonalDataDownloadedUnmasked,
]);
export type PersonalDataAccessEvent = z.infer<typeof PersonalDataAccessEvent>;

/** Every look at a client's unmasked personal data is on one stream per client. */
export const personalDataAccessStream = (clientId: string) => `personal-data-access-${clientId}`;
