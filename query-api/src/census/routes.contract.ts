import { z } from 'zod';
import { defineRoute, json, media, problem } from '@onboard/api-contract';
import { CensusGrid, CensusParams, CensusValidationResults } from '@onboard/api-contract/census';

export const listCensusValidations = defineRoute('GET /api/clients/{clientId}/census/{policyId}/validate', {
  tag: 'census',
  summary: 'Every census file of a policy with its validation',
  description:
    'Newest first: each file (its columns, source and status, with the progress of a running ' +
    'validation), whether it was submitted, and its domain validations (the report and the change view).',
  request: { params: CensusParams },
  responses: {
    200: json(CensusValidationResults, 'Every census file of the policy, newest first'),
    403: problem('Not one of the client’s people, its broker or staff'),
  },
});

const FileParams = CensusParams.extend({ documentId: z.string().min(1) });

export const downloadCensusFile = defineRoute(
  'GET /api/clients/{clientId}/census/{policyId}/files/{documentId}',
  {
    tag: 'census',
    summary: 'Download a census file, masked',
    description:
      'The file in its own format with its SSNs, dates of birth, salaries and home ZIP codes, and its ' +
      'dependants’ names, masked as the screens show them. A role that may reveal downloads it as ' +
      'uploaded with a reason (POST .../unmasked).',
    request: { params: FileParams },
    responses: {
      200: media('*/*', 'The file, masked'),
      403: problem('Not one of the client’s people, its broker or staff'),
      404: problem('No such census file'),
    },
  },
);

export const downloadCensusErrorWorkbook = defineRoute(
  'GET /api/clients/{clientId}/census/{policyId}/files/{documentId}/error-workbook',
  {
    tag: 'census',
    summary: 'Download the error workbook of a census file',
    description:
      'The original rows with an Errors column and the bad cells highlighted (XLSX). Fixed, it is uploaded ' +
      'again as it is.',
    request: { params: FileParams },
    responses: {
      200: media('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'The error workbook'),
      403: problem('Not one of the client’s people, its broker or staff'),
      404: problem('No such census file, or it had no errors'),
    },
  },
);

export const censusFileRows = defineRoute(
  'GET /api/clients/{clientId}/census/{policyId}/files/{documentId}/rows',
  {
    tag: 'census',
    summary: 'The rows with problems of a census file, as corrected so far',
    description:
      'The file’s columns in its order and each row with problems (once flagged a row stays, fixed or not): ' +
      'its cells now, its issues now, and the file’s value of each cell corrected.',
    request: { params: FileParams },
    responses: {
      200: json(CensusGrid, 'The grid of the rows with problems'),
      403: problem('Not one of the client’s people, its broker or staff'),
      404: problem('No such census file'),
    },
  },
);
