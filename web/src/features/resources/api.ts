import { useSWRConfig } from 'swr';
import { orderedAudiences, resourceAudienceLabel, resourceBenefitTypeLabel } from '@onboard/domain/web';
import { call, readKey, useRead, type Answer, type Body, type Read } from '../../api/client.ts';
import { fileKindLabel, matchesEveryWord } from '../../ui/format.ts';

export type ResourceView = Read<'/api/clients/{clientId}/resources'>[number];
export type ResourceBody = Body<'post', '/api/clients/{clientId}/resources'>;
type ResourceState = Answer<'post', '/api/clients/{clientId}/resources'>;

export const useResources = (clientId: string) => useRead('/api/clients/{clientId}/resources', { clientId });

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
            downloadPath: readKey('/api/clients/{clientId}/resources/{resourceId}/document', {
              clientId,
              resourceId: state.resourceId,
            }),
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
  const key = readKey('/api/clients/{clientId}/resources', { clientId });
  const apply = async (change: (list: ResourceView[]) => ResourceView[]) => {
    await mutate<ResourceView[]>(key, (list) => change(list ?? []), { revalidate: false });
    // The read model catches up within moments; read it again then.
    setTimeout(() => void mutate(key), 1000);
  };
  return {
    add: async (body: ResourceBody) => {
      const state = await call('post', '/api/clients/{clientId}/resources', { params: { clientId }, body });
      await apply((list) => [...list, viewOf(clientId, state)]);
    },
    edit: async (resource: ResourceView, body: ResourceBody) => {
      const state = await call('put', '/api/clients/{clientId}/resources/{resourceId}', {
        params: { clientId, resourceId: resource.resourceId },
        body,
        headers: ifMatch(resource.version),
      });
      await apply((list) =>
        list.map((r) => (r.resourceId === state.resourceId ? viewOf(clientId, state) : r)),
      );
    },
    remove: async (resource: ResourceView) => {
      await call('delete', '/api/clients/{clientId}/resources/{resourceId}', {
        params: { clientId, resourceId: resource.resourceId },
        headers: ifMatch(resource.version),
      });
      await apply((list) => list.filter((r) => r.resourceId !== resource.resourceId));
    },
    reload: () => mutate(key),
  };
}

/** Whether a resource matches the words searched for, in its title or description (case-insensitive). */
export const matchesSearch = (resource: Pick<ResourceView, 'title' | 'description'>, search: string) =>
  matchesEveryWord(search, resource.title, resource.description);

/** The kinds of file a resource holds; any other reads as 'File'. */
const RESOURCE_FILE_KINDS = ['application/pdf', 'image/png', 'image/jpeg', 'video/mp4'];
export const resourceFileKindLabel = (mimeType: string) => fileKindLabel(mimeType, RESOURCE_FILE_KINDS);
