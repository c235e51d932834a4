import useSWR, { useSWRConfig } from 'swr';
import type { BodyOf, ResponseOf } from '@onboard/api-contract';
import type { addBenAdminPlatform } from '@onboard/command-api/contracts';
import type { listBenAdminPlatforms } from '@onboard/query-api/contracts';
import { apiRequest } from '../../api/http.ts';

// Answer and body types from the routes' contracts (query-api, command-api), never written twice.
export type BenAdminPlatformView = ResponseOf<typeof listBenAdminPlatforms>[number];
export type BenAdminPlatformBody = BodyOf<typeof addBenAdminPlatform>;
type PlatformState = ResponseOf<typeof addBenAdminPlatform>;

const BEN_ADMIN_PLATFORMS_PATH = '/api/ben-admin-platforms';
const ALL_PLATFORMS_PATH = `${BEN_ADMIN_PLATFORMS_PATH}?includeRetired=true`;

/** The active platforms, by name: what a form offers. */
export function useBenAdminPlatforms() {
  return useSWR<BenAdminPlatformView[]>(BEN_ADMIN_PLATFORMS_PATH);
}

/** Every platform, retired ones too (staff). */
export function useAllBenAdminPlatforms() {
  return useSWR<BenAdminPlatformView[]>(ALL_PLATFORMS_PATH);
}

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
  const path = (platformId: string) => `${BEN_ADMIN_PLATFORMS_PATH}/${encodeURIComponent(platformId)}`;
  return {
    add: async (body: BenAdminPlatformBody) =>
      apply(await apiRequest<PlatformState>('POST', BEN_ADMIN_PLATFORMS_PATH, { body })),
    edit: async (platformId: string, body: BenAdminPlatformBody) =>
      apply(await apiRequest<PlatformState>('PUT', path(platformId), { body })),
    retire: async (platformId: string) =>
      apply(await apiRequest<PlatformState>('POST', `${path(platformId)}/retire`)),
  };
}
