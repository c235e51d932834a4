import { connectEventStore } from '../app.ts';
import { DEFAULT_DEMO_PASSWORD, loadConfig } from '../config.ts';
import { parseSettings } from '../settings.ts';
import { runOnCliDatabase } from '../database/connect-cli.ts';
import { connectDocumentStore } from '../documents/index.ts';
import { createIdentity } from '../identity/identity.ts';
import { createLogger } from '../logger.ts';
import { DEMO_USERS, seedDemoData, seedDemoUsers, underSeedLock } from '../seed.ts';

/**
 * `npm run seed`: seeds the demo clients and users once, against DATABASE_URL (and the configured event
 * store) or the embedded default's database, for a topology whose services start with SEED_DEMO_DATA off.
 * Safe beside a service that seeds too: both take the seeding lock, and what exists is left as it is.
 */
runOnCliDatabase(async ({ databaseUrl, pool }) => {
  const config = loadConfig(process.env, databaseUrl);
  // Against the distributed topology's database (DATABASE_URL) the demo users would sign in with the
  // password this repository publishes: only with a password of the operator's own.
  if (parseSettings(process.env).DATABASE_URL && config.demoPassword === DEFAULT_DEMO_PASSWORD)
    throw new Error(
      'npm run seed against DATABASE_URL: set ONBOARD_DEMO_PASSWORD to a password of your own (the default one is published)',
    );
  const logger = createLogger(config.logLevel);
  const now = () => new Date();
  const store = await connectEventStore(config, pool);
  try {
    const documents = await connectDocumentStore(config, pool, now);
    const identity = await createIdentity({ config, store, pool, logger, now });
    await underSeedLock(pool, async () => {
      await seedDemoData(store, now(), documents);
      await seedDemoUsers(identity.deps, config.demoPassword);
    });
    const shown =
      config.demoPassword === DEFAULT_DEMO_PASSWORD ? config.demoPassword : 'ONBOARD_DEMO_PASSWORD';
    console.log(`Demo data seeded. Sign-ins (password: ${shown}):`);
    for (const user of DEMO_USERS) console.log(`  ${user.role.padEnd(10)} ${user.email}`);
  } finally {
    await store.close();
  }
});
