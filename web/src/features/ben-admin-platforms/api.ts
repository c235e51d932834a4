import { useSWRConfig } from 'swr';
import { call, readKey, useRead, type Answer, type Body, type Read } from '../../api/client.ts';

export type BenAdminPlatformView = Read<'/api/ben-admin-platforms'>[number];
export type BenAdminPlatformBody = Body<'post', '/api/ben-admin-platforms'>;
type PlatformState = Answer<'post', '/api/ben-admin-platforms'>;

const BEN_ADMIN_PLATFORMS_PATH = readKey('/api/ben-admin-platforms', {});
const ALL = { includeRetired: 'true' } as const;
const ALL_PLATFORMS_PATH = readKey('/api/ben-admin-platforms', {}, ALL);

/** The active platforms, by name: what a form offers. */
export const useBenAdminPlatforms = () => useRead('/api/ben-admin-platforms', {});

/** Every platform, retired ones too (staff). */
export const useAllBenAdminPlatforms = () => useRead('/api/ben-admin-platforms', {}, ALL);

const viewOf = (state: PlatformState): BenAdminPlatformView => ({
  platformId: state.platformId,
  name: state.name,
  website: state.website,
  supportsDataFeeds: state.supportsDataFeeds,
  active: state.active,
  updatedAt: state.updatedAt,
});

const byName = (a: BenAdminPlatformView, b: BenAdminPlatformView) =>
  a.name.toLowerCase().localeCompare(b.name.toLowerCase());

/** Add, edit and retire (staff); each updates the list at once, then reads both lists again. */
export function useBenAdminPlatformWrites() {
  const { mutate } = useSWRConfig();
  const apply = async (state: PlatformState) => {
    const view = viewOf(state);
    await mutate<BenAdminPlatformView[]>(
      ALL_PLATFORMS_PATH,
      (list) => [...(list ?? []).filter((p) => p.platformId !== view.platformId), view].sort(byName),
      { revalidate: false },
    );
    // The read model catches up within moments; read it again then.
    setTimeout(() => {
      void mutate(ALL_PLATFORMS_PATH);
      void mutate(BEN_ADMIN_PLATFORMS_PATH);
    }, 1000);
  };
  return {
    add: async (body: BenAdminPlatformBody) =>
      apply(await call('post', '/api/ben-admin-platforms', { params: {}, body })),
    edit: async (platformId: string, body: BenAdminPlatformBody) =>
      apply(await call('put', '/api/ben-admin-platforms/{platformId}', { params: { platformId }, body })),
    retire: async (platformId: string) =>
      apply(await call('post', '/api/ben-admin-platforms/{platformId}/retire', { params: { platformId } })),
  };
}
