import { z } from 'zod';
import { RESOURCE_AUDIENCES, RESOURCE_BENEFIT_TYPES } from './resource-kinds.ts';
import { eventSchema, Stamp } from './schema.ts';

export { RESOURCE_AUDIENCES, RESOURCE_BENEFIT_TYPES };

/** A resource is a web page (https) or a file kept in the document store, named by its id. */
export const ResourceContent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('link'), url: z.string() }),
  z.object({
    kind: z.literal('document'),
    documentId: z.string(),
    fileName: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
  }),
]);
export type ResourceContent = z.infer<typeof ResourceContent>;

/** What staff write about a resource: every field, as added or as edited. */
const ResourceFields = {
  clientId: z.string(),
  resourceId: z.string(),
  title: z.string(),
  description: z.string(),
  benefitType: z.enum(RESOURCE_BENEFIT_TYPES),
  audiences: z.array(z.enum(RESOURCE_AUDIENCES)).min(1),
  content: ResourceContent,
};

/** Staff added an enrollment or onboarding resource for the client's people. */
export const ResourceAdded = eventSchema('ResourceAdded', { ...ResourceFields, ...Stamp });
export type ResourceAdded = z.infer<typeof ResourceAdded>;

/** Staff edited a resource; the event carries every field as it now is. */
export const ResourceChanged = eventSchema('ResourceChanged', { ...ResourceFields, ...Stamp });
export type ResourceChanged = z.infer<typeof ResourceChanged>;

/** Staff removed a resource; its document stays in the store (other records may name it). */
export const ResourceRemoved = eventSchema('ResourceRemoved', {
  clientId: z.string(),
  resourceId: z.string(),
  ...Stamp,
});
export type ResourceRemoved = z.infer<typeof ResourceRemoved>;

export const ResourceEvent = z.discriminatedUnion('type', [ResourceAdded, ResourceChanged, ResourceRemoved]);
export type ResourceEvent = z.infer<typeof ResourceEvent>;

/** Every resource of one client. */
export const resourceStream = (clientId: string) => `resources-${clientId}`;
