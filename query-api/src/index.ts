import { Router } from 'express';
import type { QueryDeps } from './http/context.ts';
import { clientListRoutes } from './clients/list.ts';
import { clientQueryRoutes } from './clients/routes.ts';
import { taskQueryRoutes } from './tasks/routes.ts';
import { workQueryRoutes } from './tasks/work.ts';
import { clientLifecycleQueryRoutes } from './clients/lifecycle.ts';
import { netChangeQueryRoutes } from './net-changes/routes.ts';

export type { QueryDeps, Authenticate } from './http/context.ts';
export { startGateway, type Gateway } from './gateway/gateway.ts';
export { readClientView } from './clients/routes.ts';
export { readLifecycle } from './clients/lifecycle.ts';
export { ClientListQuery } from './clients/routes.contract.ts';
export { eifSummaryRoutes, type SummaryDeps } from './eif/summary-pdf.ts';
export { eifSignaturesRoutes, type SignaturesDeps } from './eif/signatures.ts';
export { qpsQueryRoutes } from './qps/index.ts';
export { planSystemQueryRoutes, type PlanSystemQueryDeps } from './clients/plan-system.ts';
export { eifHistoryRoutes, type HistoryDeps } from './eif/history.ts';

/** The read side over the PostgreSQL read models. */
export function createQueryApi(deps: QueryDeps): Router {
  const router = Router();
  router.use(clientListRoutes(deps));
  router.use(clientQueryRoutes(deps));
  router.use(taskQueryRoutes(deps));
  router.use(workQueryRoutes(deps));
  router.use(clientLifecycleQueryRoutes(deps));
  router.use(netChangeQueryRoutes(deps));
  return router;
}
