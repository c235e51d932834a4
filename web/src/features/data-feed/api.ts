import useSWR, { useSWRConfig } from 'swr';
import type { ResponseOf } from '@onboard/api-contract';
import type { exportCensusAs834 } from '@onboard/command-api/contracts';
import type { getCompanionGuide, getDataFeed } from '@onboard/query-api/contracts';
import type { CompanionGuideProfile } from '@onboard/domain/data-feed';
import { ApiError, interpretFailure, isInvalidTokenAnswer, noResponseError } from '../../api/errors.ts';
import { apiRequest, CSRF_COOKIE, CSRF_HEADER, readCookie, refreshSession } from '../../api/http.ts';

// Answer types from the routes' contracts, never written twice.
export type DataFeed = ResponseOf<typeof getDataFeed>;
export type DataFeedRound = DataFeed['rounds'][number];
export type CompanionGuideAnswer = ResponseOf<typeof getCompanionGuide>;
type CensusExport = ResponseOf<typeof exportCensusAs834>;

const enc = encodeURIComponent;
const dataFeedKey = (clientId: string) => `/api/clients/${enc(clientId)}/data-feed`;
export const dataFeedFilePath = (clientId: string, documentId: string) =>
  `${dataFeedKey(clientId)}/files/${enc(documentId)}`;
const COMPANION_GUIDE_KEY = '/api/data-feed/companion-guide';

export const useDataFeed = (clientId: string) => useSWR<DataFeed>(dataFeedKey(clientId));
export const useCompanionGuide = () => useSWR<CompanionGuideAnswer>(COMPANION_GUIDE_KEY);

export const TEST_FILE_ACCEPT = '.834,.x12,.edi,.txt,.dat,application/edi-x12,text/plain';

/** The test file itself as the body; an expired access token is renewed once and the upload retried. */
async function uploadTestFile(clientId: string, file: File, isAfterRefresh = false): Promise<DataFeed> {
  const csrf = readCookie(document.cookie, CSRF_COOKIE);
  let response: Response;
  try {
    response = await fetch(`${dataFeedKey(clientId)}/test-files`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        accept: 'application/json',
        'content-type': 'application/octet-stream',
        'x-file-name': encodeURIComponent(file.name),
        ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
      },
      body: file,
    });
  } catch {
    throw new ApiError(noResponseError());
  }
  const bodyText = await response.text();
  if (response.ok) return JSON.parse(bodyText) as DataFeed;
  const error = new ApiError(
    interpretFailure(
      { status: response.status, contentType: response.headers.get('content-type'), bodyText },
      window.location.pathname,
    ).error,
  );
  if (response.status === 401 && !isAfterRefresh && isInvalidTokenAnswer(bodyText, error.body)) {
    if (await refreshSession()) return uploadTestFile(clientId, file, true);
  }
  throw error;
}

export function useDataFeedWrites(clientId: string) {
  const { mutate } = useSWRConfig();
  const key = dataFeedKey(clientId);
  // The connect-service task moves with the rounds.
  const refreshTasks = () => mutate((k) => typeof k === 'string' && k.includes('/tasks'));
  return {
    upload: async (file: File) => {
      const feed = await uploadTestFile(clientId, file);
      await mutate(key, feed, { revalidate: true });
      await refreshTasks();
      return feed;
    },
    markReady: async () => {
      const feed = await apiRequest<DataFeed>('POST', `${key}/ready`);
      await mutate(key, feed, { revalidate: true });
      await refreshTasks();
      return feed;
    },
    exportCensus: async () => {
      const made = await apiRequest<CensusExport>('POST', `${key}/census-834`);
      await mutate(key);
      return made;
    },
  };
}

export function useCompanionGuideWrites() {
  const { mutate } = useSWRConfig();
  return {
    save: async (profile: CompanionGuideProfile) => {
      const saved = await apiRequest<CompanionGuideAnswer>('PUT', COMPANION_GUIDE_KEY, { body: profile });
      await mutate(COMPANION_GUIDE_KEY, saved, { revalidate: false });
      return saved;
    },
  };
}
