import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import { ApiError, queryRetryDelay } from '../../api/errors.ts';
import { apiRequest, fetchAllPages } from '../../api/http.ts';
import type { UserListItem } from '../users/api.ts';
import { EXPLORER_SITES_PATH } from '../../app/routes.ts';
import type { ExplorerDocumentBody } from './documents-api.ts';

/** Staff calls for Explorer sites (explorer §7: /api/clients/{clientId}/explorer-pages, /api/explorer-pages). */
export type ExplorerPlanValue = string | number | boolean | null | string[];
export type ExplorerPlanBody = { id: string; benefitType: string; planName: string } & Record<
  string,
  ExplorerPlanValue
>;

export type ExplorerUpdatedBy = {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  at: string;
};

export type ExplorerHighlightView = {
  highlighterText: string | null;
  spanishHighlighterText: string | null;
  highlighterOrder: number | null;
};

/**
 * The staff view of a site as the query API answers it: the site attributes of explorer §3 (flags and
 * texts the form reads by name are typed loosely) and the read-only parts.
 */
export type ExplorerSiteView = Record<string, unknown> & {
  id: string;
  explorerPageId: string;
  clientId: string;
  name: string;
  benefitTypeMetadata: Record<string, ExplorerHighlightView> | null;
  openEnrollmentStart: string | null;
  openEnrollmentEnd: string | null;
  benAdminPlatformUrl: string | null;
  logoDocumentId: string | null;
  planYear: string;
  language: string;
  employerState: string;
  policies: string[];
  vanitySlug: string | null;
  customBranding: boolean | null;
  customThemeBrandColor: string | null;
  customThemeContrastingColor: string | null;
  employeeCount: number | null;
  medicalVideo: string;
  medicalVideoEnglishTitle: string | null;
  medicalVideoSpanishTitle: string | null;
  medicalVideoDocumentId: string | null;
  startsAt: string | null;
  expiresAt: string | null;
  benefits: ExplorerPlanBody[];
  documents: ExplorerDocumentBody[];
  isLive: boolean;
  /** The client's name (null when the client is unknown). */
  clientName: string | null;
  /** Whether the public page shows the site's custom branding. */
  benefitsExplorerCustomBranding: boolean;
  newExplorerPageId: string | null;
  renewedFrom: { explorerPageId: string } | null;
  pageOwner: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  updatedBy: ExplorerUpdatedBy;
};

export type ExplorerSitePage = { items: ExplorerSiteView[]; total: number; limit: number; offset: number };
export type ExplorerWriteAnswer = { id: string; explorerPageId: string; version: number };

const enc = encodeURIComponent;
const explorerPagesPath = (clientId: string) => `/api/clients/${enc(clientId)}/explorer-pages`;
export const explorerPagePath = (clientId: string, explorerPageId: string) =>
  `${explorerPagesPath(clientId)}/${enc(explorerPageId)}`;

export const EXPLORER_LIST_PAGE_SIZE = 10;
/** explorer §7: limit = page size, offset = (page - 1) x page size. */
const listQuery = (page: number) =>
  new URLSearchParams({
    limit: String(EXPLORER_LIST_PAGE_SIZE),
    offset: String((page - 1) * EXPLORER_LIST_PAGE_SIZE),
    sortBy: 'createdAt',
    direction: 'desc',
  });
const explorerListKey = (clientId: string, page: number) =>
  `${explorerPagesPath(clientId)}?${listQuery(page)}`;

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
  return useSWR<ExplorerSitePage>(explorerListKey(clientId, page), { keepPreviousData: true });
}

const EXPLORER_BY_OWNER_PREFIX = '/api/explorer-pages/by-owner/';
const explorerOwnerListKey = (pageOwnerId: string, page: number) =>
  `${EXPLORER_BY_OWNER_PREFIX}${enc(pageOwnerId)}?${listQuery(page)}`;

/** Every site one user owns, across clients (GET /api/explorer-pages/by-owner/{pageOwnerId}). */
export function useExplorerSitesByOwner(pageOwnerId: string | null, page: number) {
  return useSWR<ExplorerSitePage>(pageOwnerId ? explorerOwnerListKey(pageOwnerId, page) : null, {
    keepPreviousData: true,
  });
}

const ALL_INTERNAL_USERS_KEY = 'explorer-admin/internal-users/all';

/** Every internal user, for the owner pickers (staff are tens or hundreds). */
const fetchAllInternalUsers = () =>
  fetchAllPages<UserListItem>('/api/users/internal', { sortBy: 'lastName', sortDirection: 'asc' });

export function useAllInternalUsers() {
  return useSWR<UserListItem[]>(ALL_INTERNAL_USERS_KEY, fetchAllInternalUsers);
}

export const userLabel = (user: Pick<UserListItem, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName} (${user.email})`;

export function useExplorerSite(clientId: string, explorerPageId: string | null, isPaused = false) {
  return useSWR<ExplorerSiteView>(
    explorerPageId && !isPaused ? explorerPagePath(clientId, explorerPageId) : null,
    settlingConfig,
  );
}

export type ExplorerSiteBody = Record<string, unknown> & { benefits: ExplorerPlanBody[] };

export const createExplorerSite = (clientId: string, body: ExplorerSiteBody) =>
  apiRequest<ExplorerWriteAnswer>('POST', explorerPagesPath(clientId), { body });

export const updateExplorerSite = (clientId: string, id: string, version: number, body: ExplorerSiteBody) =>
  apiRequest<ExplorerWriteAnswer>('PUT', explorerPagePath(clientId, id), {
    body,
    headers: { 'if-match': String(version) },
  });

export const deleteExplorerSite = (clientId: string, id: string) =>
  apiRequest<null>('DELETE', explorerPagePath(clientId, id));

export type RenewBody = {
  planYear: string;
  startsAt: string | null;
  expiresAt: string | null;
  vanitySlug: string | null;
};
export const renewExplorerSite = (clientId: string, id: string, body: RenewBody) =>
  apiRequest<ExplorerWriteAnswer>('POST', `${explorerPagePath(clientId, id)}/renew`, { body });

export const transferExplorerOwnership = (currentOwnerId: string, newOwnerId: string) =>
  apiRequest<{ transferred: string[] }>(
    'PUT',
    `/api/explorer-pages/transfer/${enc(currentOwnerId)}/${enc(newOwnerId)}`,
    { body: {} },
  );

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
