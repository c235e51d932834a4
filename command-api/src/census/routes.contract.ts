import { z } from 'zod';
import { json, media, problem, routeFamily } from '@onboard/api-contract';
import { REVEAL_REASONS } from '@onboard/domain';
import {
  CensusCorrected,
  CensusFileParams,
  CensusParams,
  CensusValidationResult,
  CensusValidationResults,
} from '@onboard/api-contract/census';
import { CENSUS_DELIMITERS, CENSUS_ENCODINGS, CENSUS_FIELDS, CENSUS_SOURCES } from '@onboard/domain/census';

const CENSUS_UPLOAD_TYPES = [
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
] as const;

/** The census writes of a policy. */
const censusRoute = routeFamily({ tag: 'census' });

/** Upload a census file for a policy: the body is the file itself. */
export const uploadCensus = censusRoute('POST /api/clients/{clientId}/census/{policyId}/files', {
  summary: 'Upload a census file (CSV or XLSX) for a policy',
  description:
    'The body is the file itself, up to 20 MB, with its name (URI-encoded) in X-File-Name. The file is ' +
    'checked before anything is stored: CSV or XLSX, not empty, not a compressed-size bomb, with a header ' +
    'row naming every required column. Answers the file with the column mapping its headers suggest.',
  request: {
    params: CensusParams,
    headers: z.object({ 'x-file-name': z.string().meta({ description: 'The file name, URI-encoded' }) }),
    bodyContentTypes: CENSUS_UPLOAD_TYPES,
  },
  responses: {
    201: json(CensusValidationResult, 'Stored; confirm its columns and source next'),
    400: problem('Neither CSV nor XLSX, empty, a bomb, no rows, or required columns missing'),
    403: problem('Not one of the client’s people, its broker or staff'),
    404: problem('No such client or policy'),
    413: problem('Larger than 20 MB'),
    422: problem('The configured document store is read only (ONBOARD_DOCUMENT_BASE_URL)'),
  },
});

export const ValidateSubmitBody = z
  .object({
    documentId: z.string().min(1, 'Give the document id'),
    mapping: z.partialRecord(z.enum(CENSUS_FIELDS), z.number().int().min(0)),
    source: z.enum(CENSUS_SOURCES, { error: 'Choose where the census comes from' }),
  })
  .strict();

export const validateSubmitCensus = censusRoute(
  'PUT /api/clients/{clientId}/census/{policyId}/validate-submit',
  {
    summary: 'Confirm a census file’s columns and source, and start its validation',
    description:
      'Validation runs as a job: its progress (rows done of total) comes over the real-time stream as ' +
      'CENSUS_VALIDATION_PROGRESS and in GET .../validate. Answers every census file of the policy.',
    request: { params: CensusParams, body: ValidateSubmitBody },
    responses: {
      200: json(CensusValidationResults, 'Every census file of the policy, newest first'),
      403: problem('Not one of the client’s people, its broker or staff'),
      404: problem('No such census file'),
    },
  },
);

export const SubmitCensusBody = z.object({ documentId: z.string().min(1, 'Give the document id') }).strict();

export const submitCensus = censusRoute('POST /api/clients/{clientId}/census/{policyId}/submit', {
  summary: 'Submit a validated census without errors',
  description: 'Moves the policy’s enrollment elections task to review.',
  request: { params: CensusParams, body: SubmitCensusBody },
  responses: {
    200: json(CensusValidationResults, 'Every census file of the policy, newest first'),
    403: problem('Not one of the client’s people, its broker or staff'),
    404: problem('No such census file'),
  },
});

export const CorrectCellBody = z
  .object({
    row: z.number().int().min(2, 'Give the row as the spreadsheet numbers it'),
    field: z.enum(CENSUS_FIELDS, { error: 'Choose a column of the census' }),
    /** What the cell held when the user began to change it: a cell changed meanwhile is a conflict. */
    seen: z.string(),
    value: z.string(),
  })
  .strict();

export const correctCensusCell = censusRoute(
  'PUT /api/clients/{clientId}/census/{policyId}/files/{documentId}/cells',
  {
    summary: 'Correct one cell of a row with problems, where the census is read',
    description:
      'The cell is revalidated with every row it reaches (duplicates, dependents) and the correction recorded ' +
      'as an event: who changed which cell from what to what. `seen` is what the cell held when the user ' +
      'began; if someone changed it meanwhile the answer is 409 and nothing is written. The error workbook ' +
      'and the change view are written again with the corrections shortly after (outputsCurrent).',
    request: { params: CensusFileParams, body: CorrectCellBody },
    responses: {
      200: json(CensusCorrected, 'The file’s validation now and its rows with problems'),
      400: problem(
        'Not a validated census, submitted, not the newest, not a row with problems or column, or the value is too long',
      ),
      403: problem('Not one of the client’s people, its broker or staff'),
      404: problem('No such census file'),
      409: problem('The cell was changed by someone else meanwhile'),
    },
  },
);

export const ReplaceInColumnBody = z
  .object({
    field: z.enum(CENSUS_FIELDS, { error: 'Choose a column of the census' }),
    find: z.string().min(1, 'Enter the text to find'),
    replaceWith: z.string(),
  })
  .strict();

export const replaceInCensusColumn = censusRoute(
  'POST /api/clients/{clientId}/census/{policyId}/files/{documentId}/replace',
  {
    summary: 'Find and replace text in one column of the rows with problems',
    description:
      'Every occurrence of `find` in the column’s cells of the rows with problems is replaced, as one ' +
      'correction listing each cell changed from what to what, revalidated like a single cell.',
    request: { params: CensusFileParams, body: ReplaceInColumnBody },
    responses: {
      200: json(CensusCorrected, 'The file’s validation now and its rows with problems'),
      400: problem('No cell holds the text, a value is too long, or the census cannot be corrected'),
      403: problem('Not one of the client’s people, its broker or staff; or a masked column and a broker'),
      404: problem('No such census file'),
      409: problem('The census was corrected by someone else at the same moment'),
    },
  },
);

export const ReadCensusAsBody = z
  .object({
    encoding: z.enum(CENSUS_ENCODINGS, { error: 'Choose one of the encodings offered' }).optional(),
    delimiter: z.enum(CENSUS_DELIMITERS, { error: 'Choose comma, semicolon, tab or pipe' }).optional(),
    sheet: z.string().min(1, 'Choose a sheet').optional(),
  })
  .strict();

export const readCensusAs = censusRoute(
  'PUT /api/clients/{clientId}/census/{policyId}/files/{documentId}/reading',
  {
    summary: 'Read a stored census file again with another encoding, delimiter or sheet',
    description:
      'The file stored on upload is read again with the choice (what is not chosen stays as it was read): ' +
      'its header row is found again and its columns matched again, to be confirmed anew. Answers the file.',
    request: {
      params: CensusFileParams,
      body: ReadCensusAsBody,
    },
    responses: {
      200: json(CensusValidationResult, 'Read again; confirm its columns and source next'),
      400: problem(
        'Cannot be read that way (no such sheet, not a table), submitted already, or being validated',
      ),
      403: problem('Not one of the client’s people, its broker or staff'),
      404: problem('No such census file'),
    },
  },
);

const REVEAL_REASON_ERROR = { error: 'Choose why you need the full value' };

export const RevealCensusValueBody = z
  .object({
    row: z.number().int().min(2, 'Give the row as the spreadsheet numbers it'),
    field: z.enum(CENSUS_FIELDS, { error: 'Choose a column of the census' }),
    reason: z.enum(REVEAL_REASONS, REVEAL_REASON_ERROR),
  })
  .strict();

export const RevealedCensusValue = z
  .object({ row: z.number().int(), field: z.enum(CENSUS_FIELDS), value: z.string() })
  .meta({ id: 'RevealedCensusValue' });

export const revealCensusValue = censusRoute(
  'POST /api/clients/{clientId}/census/{policyId}/files/{documentId}/reveal',
  {
    summary: 'Reveal the full value of one masked field of one employee, saying why',
    description:
      'An SSN, date of birth or salary shows masked everywhere; staff and the client’s benefits ' +
      'administrators may reveal one field of one row with a reason from the list. The reveal is recorded ' +
      '(who, which field, which row, when, why) and listed in the access log.',
    request: { params: CensusFileParams, body: RevealCensusValueBody },
    responses: {
      200: json(RevealedCensusValue, 'The full value of the field'),
      400: problem('No reason from the list, or a column that is shown in full already'),
      403: problem('Not a role that may see the full value, or not one of the client’s people'),
      404: problem('No such census file, or no such row with problems'),
    },
  },
);

export const UnmaskedDownloadBody = z
  .object({ reason: z.enum(REVEAL_REASONS, REVEAL_REASON_ERROR) })
  .strict();

export const downloadUnmaskedErrorWorkbook = censusRoute(
  'POST /api/clients/{clientId}/census/{policyId}/files/{documentId}/error-workbook/unmasked',
  {
    summary: 'Download the error workbook of a census file unmasked, saying why',
    description:
      'The error workbook downloads masked by default (GET .../error-workbook). Staff may download it with ' +
      'full SSNs, dates of birth and salaries; the download is recorded with its reason and listed in the ' +
      'access log.',
    request: { params: CensusFileParams, body: UnmaskedDownloadBody },
    responses: {
      200: media('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'The error workbook'),
      400: problem('No reason from the list'),
      403: problem('Only staff download personal data unmasked'),
      404: problem('No such census file, or it had no errors'),
    },
  },
);

export const RevealCensusChangeBody = z
  .object({
    person: z.number().int().min(0, 'Give the person’s place in the change view’s list of changed people'),
    employeeId: z.string(),
    field: z.enum(CENSUS_FIELDS, { error: 'Choose a column of the census' }),
    change: z.enum(['BEFORE', 'AFTER'], { error: 'Choose the value before the change or now' }),
    reason: z.enum(REVEAL_REASONS, REVEAL_REASON_ERROR),
  })
  .strict();

export const revealCensusChange = censusRoute(
  'POST /api/clients/{clientId}/census/{policyId}/files/{documentId}/changes/reveal',
  {
    summary: 'Reveal one masked value of the change view, saying why',
    description:
      'The change view shows each changed field before and now, masked as everywhere. A role that may ' +
      'reveal shows one of them in full with a reason from the list: the person is named by their place in ' +
      'the list of changed people and their employee id (checked, so a list written again in between is ' +
      'never read wrong). The reveal is recorded and listed in the access log.',
    request: { params: CensusFileParams, body: RevealCensusChangeBody },
    responses: {
      200: json(z.object({ value: z.string() }).meta({ id: 'RevealedCensusChange' }), 'The full value'),
      400: problem('No reason from the list, or a value that is shown in full already'),
      403: problem('Not a role that may see the full value, or not one of the client’s people'),
      404: problem('No such census file, or no such change in its change view'),
    },
  },
);

export const downloadUnmaskedCensusFile = censusRoute(
  'POST /api/clients/{clientId}/census/{policyId}/files/{documentId}/unmasked',
  {
    summary: 'Download a census file as uploaded, unmasked, saying why',
    description:
      'A census file downloads masked by default (GET .../files/{documentId}, and from the documents ' +
      'screen). Staff and the client’s benefits administrators may download the file as uploaded with a ' +
      'reason from the list; the download is recorded and listed in the access log.',
    request: { params: CensusFileParams, body: UnmaskedDownloadBody },
    responses: {
      200: media('*/*', 'The file as uploaded'),
      400: problem('No reason from the list'),
      403: problem('Not a role that may see the full values, or not one of the client’s people'),
      404: problem('No such census file'),
    },
  },
);
