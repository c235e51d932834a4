export type { TicketSystemStatus } from './port.ts';
export { cachedStatus, SERVICE_STATUS_TTL_MS, type CachedStatus } from './cache.ts';
export { serviceStatusQueryRoutes } from './routes.ts';
