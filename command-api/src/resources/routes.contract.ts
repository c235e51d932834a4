import { z } from 'zod';
import { errors, json, noContent, pathParams, problem, routeFamily } from '@onboard/api-contract';
import { RESOURCE_AUDIENCES, RESOURCE_BENEFIT_TYPES, ResourceContent } from '@onboard/events';

const clientParams = pathParams('clientId');
const resourceParams = clientParams.extend({ resourceId: z.string().min(1) });

/**
 * What staff write. A link gives its https address in `url`; a document gives the id POST /api/documents
 * answered in `documentId`. The words are checked by the resources decider, so an empty title or a bad
 * address is a 400 keyed by its field (`body.title`, `body.url`, ...) like every form of the portal.
 */
export const ResourceBody = z
  .object({
    kind: z.enum(['link', 'document'], { error: 'Choose a link or a document' }),
    title: z.string().max(1000),
    description: z.string().max(5000).default(''),
    benefitType: z.string().meta({ description: RESOURCE_BENEFIT_TYPES.join(', ') }),
    audiences: z
      .array(z.string())
      .max(10)
      .meta({ description: RESOURCE_AUDIENCES.join(', ') }),
    url: z.string().max(2000).optional(),
    documentId: z.string().max(200).optional(),
  })
  .strict()
  .meta({ id: 'ResourceBody' });

/** A resource as the write left it; `version` goes back in If-Match on the next edit or removal. */
export const ResourceState = z
  .object({
    resourceId: z.string(),
    title: z.string(),
    description: z.string(),
    benefitType: z.enum(RESOURCE_BENEFIT_TYPES),
    audiences: z.array(z.enum(RESOURCE_AUDIENCES)),
    content: ResourceContent,
    version: z.number().int(),
    addedAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ResourceState' });

/** Staff keep a client's resources. */
const resourceRoute = routeFamily({ tag: 'resources', responses: errors.notStaff });
/** Staff change one resource, at the version they read. */
const oneResourceRoute = routeFamily({
  tag: 'resources',
  params: resourceParams,
  responses: {
    ...errors.notStaff,
    404: problem('No such client or resource'),
    409: problem('Changed since the version in If-Match'),
  },
});

export const addResource = resourceRoute('POST /api/clients/{clientId}/resources', {
  summary:
    'Add an enrollment or onboarding resource for the client’s people: a link or an uploaded document (staff)',
  request: { params: clientParams, body: ResourceBody },
  responses: {
    201: json(ResourceState, 'The resource, at version 1'),
    ...errors.invalidFields,
    ...errors.noClient,
  },
});

export const editResource = oneResourceRoute('PUT /api/clients/{clientId}/resources/{resourceId}', {
  summary: 'Change a resource: every field as it should read (staff)',
  isVersioned: true,
  request: { body: ResourceBody },
  responses: { 200: json(ResourceState, 'The resource'), ...errors.invalidFields },
});

export const removeResource = oneResourceRoute('DELETE /api/clients/{clientId}/resources/{resourceId}', {
  summary: 'Remove a resource (staff)',
  isVersioned: true,
  responses: { 204: noContent('Removed') },
});
