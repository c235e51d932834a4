import { z } from 'zod';
import { errors, json, media, problem, routeFamily } from '@onboard/api-contract';
import { RESOURCE_AUDIENCES, RESOURCE_BENEFIT_TYPES } from '@onboard/events';

const clientParams = z.object({ clientId: z.string().min(1) });
/** The reads of a client's resources, by its people, its broker and staff. */
const resourceRoute = routeFamily({ tag: 'resources', params: clientParams, responses: errors.notYours });

/** A resource as the resources page reads it: its words, its groups in words, and how to open it. */
export const ResourceView = z
  .object({
    resourceId: z.string(),
    title: z.string(),
    description: z.string(),
    benefitType: z.enum(RESOURCE_BENEFIT_TYPES),
    benefitTypeLabel: z.string(),
    audiences: z.array(z.enum(RESOURCE_AUDIENCES)),
    audienceLabels: z.array(z.string()),
    kind: z.enum(['link', 'document']),
    url: z.string().nullable().meta({ description: 'A link’s https address' }),
    document: z
      .object({
        documentId: z.string(),
        fileName: z.string(),
        mimeType: z.string(),
        size: z.number().int(),
        downloadPath: z.string(),
      })
      .nullable(),
    version: z.number().int().meta({ description: 'What an edit or removal sends in If-Match' }),
    updatedAt: z.string(),
  })
  .meta({ id: 'Resource' });

export const listClientResources = resourceRoute('GET /api/clients/{clientId}/resources', {
  summary: 'The client’s enrollment and onboarding resources, by benefit type (General first), then by title',
  responses: { 200: json(z.array(ResourceView), 'Every resource of the client'), ...errors.noClient },
});

export const downloadResourceDocument = resourceRoute(
  'GET /api/clients/{clientId}/resources/{resourceId}/document',
  {
    summary: 'Download a document resource’s file',
    request: { params: clientParams.extend({ resourceId: z.string().min(1) }) },
    responses: {
      200: media('*/*', 'The file in its own media type, from the document store, as an attachment'),
      404: problem('No such document resource, or its file is not in the store'),
    },
  },
);
