import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import { ApiError, queryRetryDelay } from '../../api/errors.ts';
import {
  call,
  pathTo,
  readAllPages,
  readKey,
  useRead,
  type Answer,
  type Body,
  type Read,
} from '../../api/client.ts';
import type { UserListItem } from '../users/api.ts';
import { EXPLORER_SITES_PATH } from '../../app/routes.ts';

/** One Explorer site of a client, as its pages are addressed. */
export type SiteRef = { clientId: string; explorerPageId: string };

/** Staff calls for Explorer sites (explorer §7: /api/clients/{clientId}/explorer-pages, /api/explorer-pages). */
const SITES = '/api/clients/{clientId}/explorer-pages';
const SITE = '/api/clients/{clientId}/explorer-pages/{explorerPageId}';

/** The staff view of a site as the query API answers it: the site attributes of explorer §3 and the read-only parts. */
export type ExplorerSiteView = Read<typeof SITE>;
export type ExplorerPlanBody = ExplorerSiteView['benefits'][number];
export type ExplorerPlanValue = ExplorerPlanBody[string];
export type ExplorerSitePage = Read<typeof SITES>;
export type ExplorerWriteAnswer = Answer<'post', typeof SITES>;

const enc = encodeURIComponent;
const explorerPagesPath = (clientId: string) => pathTo(SITES, { clientId });
export const explorerPagePath = (clientId: string, explorerPageId: string) =>
  readKey(SITE, { clientId, explorerPageId });

export const EXPLORER_LIST_PAGE_SIZE = 10;
/** explorer §7: limit = page size, offset = (page - 1) x page size. */
const listQuery = (page: number) =>
  ({
    limit: EXPLORER_LIST_PAGE_SIZE,
    offset: (page - 1) * EXPLORER_LIST_PAGE_SIZE,
    sortBy: 'createdAt',
    direction: 'desc',
  }) as const;

// Web routes of explorer §2 (internal management and the public page).
const managePath = (clientId: string) => `/clients/admin/${enc(clientId)}/manage/benefits-explorer`;
export const createExplorerSitePath = (clientId: string) => managePath(clientId);
export const editExplorerSitePath = (clientId: string, id: string) => `${managePath(clientId)}/${enc(id)}`;
export const renewExplorerSitePath = (clientId: string, id: string) =>
  `${managePath(clientId)}/${enc(id)}/renew`;
export const publicExplorerPath = (id: string) => `/benefits-explorer/${enc(id)}`;
/** Our design (not in the spec): the staff list of the sites one user owns, across clients. */
export const explorerSitesByOwnerPath = (pageOwnerId?: string) =>
  pageOwnerId ? `${EXPLORER_SITES_PATH}?${new URLSearchParams({ owner: pageOwnerId })}` : EXPLORER_SITES_PATH;

/**
 * Reads come from a projection, so a site written a moment ago may answer 404 for a short while: a 404
 * is retried a few times here on top of the app's usual retry policy.
 */
const settlingConfig: SWRConfiguration = {
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    const isSettling = error instanceof ApiError && error.status === 404 && retryCount <= 8;
    const delay = isSettling ? 400 : queryRetryDelay(error, retryCount);
    if (delay !== null) setTimeout(() => void revalidate({ retryCount }), delay);
  },
};

export function useExplorerSites(clientId: string, page: number) {
  return useRead(SITES, { clientId }, listQuery(page), { keepPreviousData: true });
}

const EXPLORER_BY_OWNER_PREFIX = '/api/explorer-pages/by-owner/';

/** Every site one user owns, across clients (GET /api/explorer-pages/by-owner/{pageOwnerId}). */
export function useExplorerSitesByOwner(pageOwnerId: string | null, page: number) {
  return useRead(
    '/api/explorer-pages/by-owner/{pageOwnerId}',
    pageOwnerId ? { pageOwnerId } : null,
    listQuery(page),
    {
      keepPreviousData: true,
    },
  );
}

const ALL_INTERNAL_USERS_KEY = 'explorer-admin/internal-users/all';

/** Every internal user, for the owner pickers (staff are tens or hundreds). */
const fetchAllInternalUsers = () =>
  readAllPages('/api/users/internal', {}, { sortBy: 'lastName', sortDirection: 'asc' });

export function useAllInternalUsers() {
  return useSWR<UserListItem[]>(ALL_INTERNAL_USERS_KEY, fetchAllInternalUsers);
}

export const userLabel = (user: Pick<UserListItem, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName} (${user.email})`;

export function useExplorerSite(clientId: string, explorerPageId: string | null, isPaused = false) {
  return useRead(SITE, explorerPageId && !isPaused ? { clientId, explorerPageId } : null, {}, settlingConfig);
}

export type ExplorerSiteBody = Body<'post', typeof SITES>;

export const createExplorerSite = (clientId: string, body: ExplorerSiteBody) =>
  call('post', SITES, { params: { clientId }, body });

export const updateExplorerSite = (clientId: string, id: string, version: number, body: ExplorerSiteBody) =>
  call('put', SITE, {
    params: { clientId, explorerPageId: id },
    body,
    headers: { 'if-match': String(version) },
  });

export const deleteExplorerSite = (clientId: string, id: string) =>
  call('delete', SITE, { params: { clientId, explorerPageId: id } });

export type RenewBody = Body<'post', `${typeof SITE}/renew`>;
export const renewExplorerSite = (clientId: string, id: string, body: RenewBody) =>
  call('post', `${SITE}/renew`, { params: { clientId, explorerPageId: id }, body });

export const transferExplorerOwnership = (currentOwnerId: string, newOwnerId: string) =>
  call('put', '/api/explorer-pages/transfer/{currentOwnerId}/{newOwnerId}', {
    params: { currentOwnerId, newOwnerId },
  });

/** After a write: every cached list and page of this client's sites, and the lists by owner, are refetched. */
export function useRefreshExplorerSites(clientId: string) {
  const { mutate } = useSWRConfig();
  const prefix = explorerPagesPath(clientId);
  return () =>
    mutate(
      (key) =>
        typeof key === 'string' && (key.startsWith(prefix) || key.startsWith(EXPLORER_BY_OWNER_PREFIX)),
    );
}

/** After a transfer, which moves sites of any client: every list of sites is refetched. */
export function useRefreshAllExplorerLists() {
  const { mutate } = useSWRConfig();
  return () =>
    mutate(
      (key) =>
        typeof key === 'string' &&
        (key.startsWith(EXPLORER_BY_OWNER_PREFIX) || /^\/api\/clients\/[^/]+\/explorer-pages/.test(key)),
    );
}
