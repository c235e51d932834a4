import { planSystemCommandRoutes, qpsCommandRoutes } from '@onboard/command-api';
import { sendActivationEmail } from '@onboard/command-api/auth';
import { planSystemQueryRoutes, qpsQueryRoutes } from '@onboard/query-api';
import { planSystemPorts as connectPlanSystem } from '../qps/directory.ts';
import { commandDepsOf, type Wiring } from './context.ts';

/**
 * The push to the plan system (QPS) and the client's plan-system calls: its directory and ticket system
 * are built-in simulators unless configured (qps/directory.ts).
 */
export function wirePlanSystem(w: Wiring) {
  const { app, has, config, store, snapshots, pool, identity } = w;
  const ports = connectPlanSystem(config.qps);
  if (has('command-api')) {
    const commandDeps = commandDepsOf(w);
    app.use(qpsCommandRoutes(commandDeps));
    app.use(
      planSystemCommandRoutes({
        ...commandDeps,
        pool,
        planSystem: ports.planSystem,
        accounts: {
          sendActivationEmail: (userId, actor) => sendActivationEmail(identity.deps, userId, actor),
        },
      }),
    );
  }
  if (has('query-api')) {
    app.use(qpsQueryRoutes({ pool, authenticate: identity.authenticate }));
    app.use(planSystemQueryRoutes({ store, snapshots, authenticate: identity.authenticate, ...ports }));
  }
}
