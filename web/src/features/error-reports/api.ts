import { useRead } from '../../api/client.ts';

/** The reports kept by the tunnel, newest first (GET /api/error-reports, query-api/src/error-reporting). */
export const useErrorReports = () => useRead('/api/error-reports', {});
