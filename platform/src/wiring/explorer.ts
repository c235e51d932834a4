import { createExplorerCommands } from '@onboard/command-api/explorer';
import { createExplorerQueries } from '@onboard/query-api/explorer';
import { commandDepsOf, mailOf, type Wiring } from './context.ts';

/** The Benefits Explorer: its pages, the visitors' writes and the staff's edits. */
export function wireExplorer(w: Wiring) {
  const { app, has, config, pool, identity, documents } = w;
  if (has('command-api'))
    app.use(
      createExplorerCommands({
        ...commandDepsOf(w),
        pool,
        ...mailOf(w),
        humanCheckSecret: config.sessionSecrets[0],
        isDemoEnvironment: config.isDemoEnvironment,
        throttle: identity.deps.throttle,
      }),
    );
  if (has('query-api'))
    app.use(
      createExplorerQueries({
        keys: w.dataKeys,
        pool,
        authenticate: identity.authenticate,
        languageFeatureToggle: config.explorerLanguageToggle,
        isDemoEnvironment: config.isDemoEnvironment,
        documents,
      }),
    );
}
