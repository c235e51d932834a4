import { Router } from 'express';
import type { CommandDeps } from './http/context.ts';
import { clientCommandRoutes } from './clients/routes.ts';
import { eifCommandRoutes } from './eif/routes.ts';
import { taskCommandRoutes } from './tasks/routes.ts';

export type { CommandDeps, Authenticate } from './http/context.ts';
export { executeEifCommand } from './clients/routes.ts';
export { AcceptBody, DeclineBody } from './eif/routes.contract.ts';
export { qpsCommandRoutes } from './qps/routes.ts';
export { clientLifecycleRoutes } from './clients/lifecycle.ts';
export type { ClientLifecycleDeps } from './clients/context.ts';
export { planSystemCommandRoutes, type PlanSystemCommandDeps } from './clients/plan-system.ts';
export {
  outsideSignerRoutes,
  InviteOutsideSignerBody,
  DeclineUpdatesBody,
  type OutsideSignerDeps,
} from './eif/outside-signer.ts';

/** The write side: every command route. Mounted by platform/ behind JSON parsing and CSRF checks. */
export function createCommandApi(deps: CommandDeps): Router {
  const router = Router();
  router.use(clientCommandRoutes(deps));
  router.use(eifCommandRoutes(deps));
  router.use(taskCommandRoutes(deps));
  return router;
}
