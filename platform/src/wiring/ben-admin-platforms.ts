import { benAdminPlatformCommandRoutes } from '@onboard/command-api/ben-admin-platforms';
import { benAdminPlatformQueryRoutes } from '@onboard/query-api/ben-admin-platforms';
import { commandDepsOf, type Wiring } from './context.ts';

/** The catalogue of benefits-administration platforms. */
export function wireBenAdminPlatforms(w: Wiring) {
  if (w.has('command-api')) w.app.use(benAdminPlatformCommandRoutes(commandDepsOf(w)));
  if (w.has('query-api'))
    w.app.use(benAdminPlatformQueryRoutes({ pool: w.pool, authenticate: w.identity.authenticate }));
}
