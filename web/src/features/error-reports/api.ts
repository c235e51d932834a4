import useSWR from 'swr';
import { readAt } from '../../api/client.ts';

/** One report kept by the tunnel (GET /api/error-reports, platform/src/error-reporting). */
export type ErrorReport = {
  reportId: string;
  source: 'web' | 'server';
  sourceLabel: string;
  level: string;
  levelLabel: string;
  message: string;
  url: string | null;
  release: string | null;
  environment: string | null;
  occurredAt: string;
  receivedAt: string;
};

export const useErrorReports = () =>
  useSWR('/api/error-reports', (key: string) => readAt(key) as Promise<ErrorReport[]>);
