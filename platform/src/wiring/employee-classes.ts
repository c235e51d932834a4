import { employeeClassCommandRoutes } from '@onboard/command-api/employee-classes';
import { employeeClassQueryRoutes } from '@onboard/query-api/employee-classes';
import { commandDepsOf, type Wiring } from './context.ts';

/** A client's employee classes. */
export function wireEmployeeClasses(w: Wiring) {
  if (w.has('command-api')) w.app.use(employeeClassCommandRoutes(commandDepsOf(w)));
  if (w.has('query-api'))
    w.app.use(employeeClassQueryRoutes({ pool: w.pool, authenticate: w.identity.authenticate }));
}
