import useSWR, { useSWRConfig } from 'swr';
import type { BodyOf, ResponseOf } from '@onboard/api-contract';
import type { addResource } from '@onboard/command-api/contracts';
import type { listClientResources } from '@onboard/query-api/contracts';
import { orderedAudiences, resourceAudienceLabel, resourceBenefitTypeLabel } from '@onboard/domain/web';
import { apiRequest } from '../../api/http.ts';

// Answer and body types from the routes' contracts (query-api, command-api), never written twice.
export type ResourceView = ResponseOf<typeof listClientResources>[number];
export type ResourceBody = BodyOf<typeof addResource>;
type ResourceState = ResponseOf<typeof addResource>;

const resourcesPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/resources`;
const resourcePath = (clientId: string, resourceId: string) =>
  `${resourcesPath(clientId)}/${encodeURIComponent(resourceId)}`;

export function useResources(clientId: string) {
  return useSWR<ResourceView[]>(resourcesPath(clientId));
}

/** A resource as a write answered it, in the list's shape: the list shows it before the read model has it. */
function viewOf(clientId: string, state: ResourceState): ResourceView {
  const { content } = state;
  const audiences = orderedAudiences(state.audiences);
  return {
    resourceId: state.resourceId,
    title: state.title,
    description: state.description,
    benefitType: state.benefitType,
    benefitTypeLabel: resourceBenefitTypeLabel(state.benefitType),
    audiences,
    audienceLabels: audiences.map(resourceAudienceLabel),
    kind: content.kind,
    url: content.kind === 'link' ? content.url : null,
    document:
      content.kind === 'document'
        ? {
            documentId: content.documentId,
            fileName: content.fileName,
            mimeType: content.mimeType,
            size: content.size,
            downloadPath: `${resourcePath(clientId, state.resourceId)}/document`,
          }
        : null,
    version: state.version,
    updatedAt: state.updatedAt,
  };
}

const ifMatch = (version: number) => ({ 'if-match': String(version) });

/** Add, edit and remove (staff); each updates the list at once, then reads it again from the server. */
export function useResourceWrites(clientId: string) {
  const { mutate } = useSWRConfig();
  const key = resourcesPath(clientId);
  const apply = async (change: (list: ResourceView[]) => ResourceView[]) => {
    await mutate<ResourceView[]>(key, (list) => change(list ?? []), { revalidate: false });
    // The read model catches up within moments; read it again then.
    setTimeout(() => void mutate(key), 1000);
  };
  return {
    add: async (body: ResourceBody) => {
      const state = await apiRequest<ResourceState>('POST', key, { body });
      await apply((list) => [...list, viewOf(clientId, state)]);
    },
    edit: async (resource: ResourceView, body: ResourceBody) => {
      const state = await apiRequest<ResourceState>('PUT', resourcePath(clientId, resource.resourceId), {
        body,
        headers: ifMatch(resource.version),
      });
      await apply((list) =>
        list.map((r) => (r.resourceId === state.resourceId ? viewOf(clientId, state) : r)),
      );
    },
    remove: async (resource: ResourceView) => {
      await apiRequest<null>('DELETE', resourcePath(clientId, resource.resourceId), {
        headers: ifMatch(resource.version),
      });
      await apply((list) => list.filter((r) => r.resourceId !== resource.resourceId));
    },
    reload: () => mutate(key),
  };
}

/** Whether a resource matches the words searched for, in its title or description (case-insensitive). */
export function matchesSearch(
  resource: Pick<ResourceView, 'title' | 'description'>,
  search: string,
): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${resource.title} ${resource.description}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/** '12 KB', '1.4 MB': a file's size as people read it. */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const FILE_KINDS: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'video/mp4': 'MP4 video',
};
export const fileKindLabel = (mimeType: string) => FILE_KINDS[mimeType] ?? 'File';
