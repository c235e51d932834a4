import { z } from 'zod';
import { errors, json, media, problem, routeFamily } from '@onboard/api-contract';
import { CompanionGuideAnswer, DataFeedParams, DataFeedView } from '@onboard/api-contract/data-feed';

/** The reads of the data feed. */
const dataFeedRoute = routeFamily({ tag: 'data-feed' });

export const getDataFeed = dataFeedRoute('GET /api/clients/{clientId}/data-feed', {
  summary: 'The data feed: every round of test 834s with its report, what changed, and the readiness',
  request: { params: DataFeedParams },
  responses: {
    200: json(
      DataFeedView,
      'The rounds newest first, each with what was fixed and what is new since the one before',
    ),
    403: problem('Not one of the client’s people, its broker or staff'),
  },
});

export const downloadDataFeedFile = dataFeedRoute(
  'GET /api/clients/{clientId}/data-feed/files/{documentId}',
  {
    summary: 'Download a test 834, its 999 acknowledgment, or a census 834 (staff)',
    request: { params: DataFeedParams.extend({ documentId: z.string() }) },
    responses: {
      200: media('application/edi-x12', 'The file'),
      403: problem('Not one of the client’s people, its broker or staff (a census 834: not staff)'),
      404: problem('No such file of the feed'),
    },
  },
);

export const getCompanionGuide = dataFeedRoute('GET /api/data-feed/companion-guide', {
  summary: 'The carrier’s companion-guide profile (staff)',
  responses: {
    200: json(CompanionGuideAnswer, 'The profile, the default one until staff save theirs'),
    ...errors.notStaff,
  },
});
