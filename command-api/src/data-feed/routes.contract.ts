import { z } from 'zod';
import { errors, json, problem, routeFamily } from '@onboard/api-contract';
import {
  CompanionGuideAnswer,
  CompanionGuideProfile,
  DataFeedParams,
  DataFeedView,
} from '@onboard/api-contract/data-feed';

/** The data-feed writes of a client. */
const feedRoute = routeFamily({ tag: 'data-feed', params: DataFeedParams, responses: errors.noClient });
/** Those that staff alone make. */
const staffFeedRoute = routeFamily({
  tag: 'data-feed',
  params: DataFeedParams,
  responses: { ...errors.notStaff, ...errors.noClient },
});
/** The carrier's companion guide, which staff keep. */
const guideRoute = routeFamily({ tag: 'data-feed', responses: errors.notStaff });

/** Upload a test 834 on the connect-service task: the body is the file itself. */
export const uploadDataFeedTestFile = feedRoute('POST /api/clients/{clientId}/data-feed/test-files', {
  summary: 'Upload a test 834 and check it',
  description:
    'The body is the X12 834 (005010X220A1) itself, up to 20 MB, with its name (URI-encoded) in ' +
    'X-File-Name. It is read with node-x12 and answered as a 999 (and a TA1 for envelope errors), checked ' +
    'against the signed EIF, the submitted census and the carrier’s companion guide, and kept as the next ' +
    'round with its report. Answers the feed with every round.',
  request: {
    headers: z.object({ 'x-file-name': z.string().meta({ description: 'The file name, URI-encoded' }) }),
    bodyContentTypes: ['application/edi-x12', 'text/plain', 'application/octet-stream'],
  },
  responses: {
    201: json(DataFeedView, 'Kept as the next round; the feed with every round, newest first'),
    400: problem('Empty, or not an X12 interchange'),
    403: problem('Not one of the client’s people, its broker or staff'),
    413: problem('Larger than 20 MB'),
    422: problem('The configured document store is read only (ONBOARD_DOCUMENT_BASE_URL)'),
  },
});

export const markDataFeedReady = staffFeedRoute('POST /api/clients/{clientId}/data-feed/ready', {
  summary: 'Mark the feed ready for production (staff)',
  description:
    'After two clean rounds in a row (accepted, no problem). The production support contacts of the ' +
    'EIF (data feeds) are told by e-mail; the connect-service task is done.',
  responses: {
    200: json(DataFeedView, 'The feed, marked ready'),
    400: problem('Not two clean rounds in a row, or already ready'),
    422: problem('No data feeds production support contact with an e-mail address in the EIF'),
  },
});

export const CensusExportAnswer = z.object({
  documentId: z.string(),
  fileName: z.string(),
  members: z.number().int(),
});

export const exportCensusAs834 = staffFeedRoute('POST /api/clients/{clientId}/data-feed/census-834', {
  summary: 'Make the submitted census a full-file 834 (staff)',
  description:
    'Every policy’s submitted census as one full-file 834 in the companion guide’s codes, kept in the ' +
    'document store; download it from GET /api/clients/{clientId}/data-feed/files/{documentId}.',
  responses: {
    201: json(CensusExportAnswer, 'The 834 made'),
    400: problem('No census is submitted yet'),
    422: problem('The configured document store is read only (ONBOARD_DOCUMENT_BASE_URL)'),
  },
});

export const setCompanionGuide = guideRoute('PUT /api/data-feed/companion-guide', {
  summary: 'Save the carrier’s companion-guide profile (staff)',
  request: { body: CompanionGuideProfile },
  responses: { 200: json(CompanionGuideAnswer, 'The profile saved') },
});
