import { useSWRConfig } from 'swr';
import type { CompanionGuideProfile } from '@onboard/domain/data-feed';
import { call, readKey, useRead, type Read } from '../../api/client.ts';
import { upload } from '../../api/upload.ts';

// Answer types from the routes' contracts, never written twice.
export type DataFeed = Read<'/api/clients/{clientId}/data-feed'>;
export type DataFeedRound = DataFeed['rounds'][number];
export type CompanionGuideAnswer = Read<'/api/data-feed/companion-guide'>;

/** A file the data feed made or received: GET downloads it. */
export const DATA_FEED_FILE = '/api/clients/{clientId}/data-feed/files/{documentId}';
const dataFeedKey = (clientId: string) => readKey('/api/clients/{clientId}/data-feed', { clientId });
const COMPANION_GUIDE_KEY = readKey('/api/data-feed/companion-guide', {});

export const useDataFeed = (clientId: string) => useRead('/api/clients/{clientId}/data-feed', { clientId });
export const useCompanionGuide = () => useRead('/api/data-feed/companion-guide', {});

export const TEST_FILE_ACCEPT = '.834,.x12,.edi,.txt,.dat,application/edi-x12,text/plain';

export function useDataFeedWrites(clientId: string) {
  const { mutate } = useSWRConfig();
  const key = dataFeedKey(clientId);
  // The connect-service task moves with the rounds.
  const refreshTasks = () => mutate((k) => typeof k === 'string' && k.includes('/tasks'));
  return {
    upload: async (file: File) => {
      const feed = await upload('/api/clients/{clientId}/data-feed/test-files', {
        params: { clientId },
        body: file,
        contentType: 'application/octet-stream',
      });
      await mutate(key, feed, { revalidate: true });
      await refreshTasks();
      return feed;
    },
    markReady: async () => {
      const feed = await call('post', '/api/clients/{clientId}/data-feed/ready', { params: { clientId } });
      await mutate(key, feed, { revalidate: true });
      await refreshTasks();
      return feed;
    },
    exportCensus: async () => {
      const made = await call('post', '/api/clients/{clientId}/data-feed/census-834', {
        params: { clientId },
      });
      await mutate(key);
      return made;
    },
  };
}

export function useCompanionGuideWrites() {
  const { mutate } = useSWRConfig();
  return {
    save: async (profile: CompanionGuideProfile) => {
      const saved = await call('put', '/api/data-feed/companion-guide', { params: {}, body: profile });
      await mutate(COMPANION_GUIDE_KEY, saved, { revalidate: false });
      return saved;
    },
  };
}
