import { personalDataCommandRoutes } from '@onboard/command-api/personal-data';
import { personalDataAccessRoutes } from '@onboard/query-api/personal-data';
import { commandDepsOf, type Wiring } from './context.ts';

/** Personal data: erasure and the data keys' writes, and who read what. */
export function wirePersonalData(w: Wiring) {
  if (w.has('command-api')) w.app.use(personalDataCommandRoutes({ ...commandDepsOf(w), keys: w.dataKeys }));
  if (w.has('query-api'))
    w.app.use(personalDataAccessRoutes({ pool: w.pool, authenticate: w.identity.authenticate }));
}
