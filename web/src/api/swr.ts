import type { SWRConfiguration } from 'swr';
import { readAt } from './client.ts';
import { queryRetryDelay } from './errors.ts';

/** Spec platform §9: data is fresh for 60 s; retries follow queryRetryDelay. */
export const swrConfig: SWRConfiguration = {
  fetcher: (key: string) => readAt(key),
  dedupingInterval: 60_000,
  focusThrottleInterval: 60_000,
  revalidateOnFocus: true,
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    const delay = queryRetryDelay(error, retryCount);
    if (delay !== null) setTimeout(() => void revalidate({ retryCount }), delay);
  },
};

/** The authenticated user is always stale and refetched whenever the window regains focus. */
export const authenticatedUserConfig: SWRConfiguration = {
  dedupingInterval: 0,
  focusThrottleInterval: 0,
  revalidateOnFocus: true,
};
