import { ACTIVATION_LINK_DAYS } from '@onboard/command-api/auth';
import type { AppOptions } from '../app.ts';
import { demoTotpSecret } from '../demo-totp.ts';
import { createFirstOwner, seedDemoData, seedDemoUsers, underSeedLock } from '../seed.ts';
import type { Wiring } from './context.ts';

const printFirstOwnerLink = (email: string, link: string) =>
  console.log(
    [
      '',
      `First owner ${email} registered. Activate the account (choose a password, then enrol an authenticator app)`,
      `with this single-use link, valid ${ACTIVATION_LINK_DAYS} days; it is printed only this once:`,
      `  ${link}`,
      '',
    ].join('\n'),
  );

/**
 * Idempotent, and under a lock: any number of replicas may seed at once (a lost race is a success). The
 * demo users (with their published password) only in the embedded default; the distributed topology gets
 * its first owner from ONBOARD_FIRST_OWNER_EMAIL, by a single-use activation link printed once.
 */
export async function wireSeed(
  { config, has, pool, store, documents, identity, now }: Wiring,
  print: AppOptions['printFirstOwnerLink'] = printFirstOwnerLink,
) {
  const firstOwner = config.firstOwnerEmail && has('command-api') ? config.firstOwnerEmail : null;
  if (!config.seedDemoData && !firstOwner) return;
  await underSeedLock(pool, async () => {
    if (config.seedDemoData) {
      await seedDemoData(store, now(), documents);
      if (config.seedDemoUsers)
        await seedDemoUsers(identity.deps, config.demoPassword, config.demoTotp ? demoTotpSecret : undefined);
    }
    if (firstOwner) {
      const link = await createFirstOwner(identity.deps, firstOwner);
      if (link) print(firstOwner, link);
    }
  });
}
