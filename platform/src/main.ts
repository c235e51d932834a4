import { resolve } from 'node:path';
import { startApp } from './app.ts';
import { loadConfig } from './config.ts';
import { parseSettings } from './settings.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded-postgres.ts';
import { DEMO_USERS } from './seed.ts';
import { demoTotpSecret } from './demo-totp.ts';

/**
 * `npm start`. Without DATABASE_URL this is the embedded default: a real PostgreSQL from the
 * embedded-postgres package under .data/ holds events, read models and the bus, and every service runs
 * in this one process. With the distributed settings it is one service of the docker-compose topology.
 */
async function main() {
  let embedded: EmbeddedDatabase | null = null;
  let databaseUrl: string | undefined;
  const settings = parseSettings(process.env);
  if (!settings.DATABASE_URL) {
    const dataDir = resolve(settings.ONBOARD_DATA_DIR);
    console.log(`Starting PostgreSQL (data in ${dataDir})...`);
    embedded = await startEmbeddedPostgres({ dataDir, isShutdownOwned: true, say: console.log });
    await embedded.createDatabase('onboard');
    databaseUrl = embedded.url('onboard');
  }
  const config = loadConfig(process.env, databaseUrl);
  const app = await startApp(config);

  console.log(`\nOnboard is running at ${app.url}`);
  if (config.seedDemoData && config.seedDemoUsers) {
    console.log(`\nDemo sign-ins (password: ${config.demoPassword}):`);
    for (const user of DEMO_USERS) {
      const secret = config.demoTotp ? `  authenticator secret ${demoTotpSecret(user.email)}` : '';
      console.log(`  ${user.role.padEnd(10)} ${user.email.padEnd(26)} ${user.name.padEnd(14)}${secret}`);
    }
    console.log(
      config.demoTotp
        ? 'Each comes enrolled with the secret above (add it to an authenticator app), or print the current\n' +
            'code with `npm run demo-code -- owner@onboard.example`. A user enrolled before keeps their own app.'
        : 'The first sign-in of each sets up an authenticator app (TOTP) from a QR code.',
    );
  }
  console.log('\nPress Ctrl-C to stop.');

  // Ctrl-C stops the app (requests in flight may take config.drainMs), then PostgreSQL. An app's stop that
  // waits past its deadline (a lost database) is named and left behind; PostgreSQL's own stop escalates to
  // an immediate shutdown; a second Ctrl-C exits at once, PostgreSQL shut down immediately. The process
  // ends either way and leaves no PostgreSQL of its own running.
  const deadlineMs = config.drainMs + STOP_GRACE_MS;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      const waiting = app.stillStopping();
      console.log(
        `${signal} again: exiting now${waiting.length ? `; did not stop: ${waiting.join(', ')}` : ''}.`,
      );
      embedded?.stopNow();
      process.exit(1);
    }
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    let code = 0;
    try {
      let timer: NodeJS.Timeout | undefined;
      const stopped = await Promise.race([
        app.stop().then(() => true),
        new Promise<false>((done) => (timer = setTimeout(() => done(false), deadlineMs))),
      ]);
      clearTimeout(timer);
      if (!stopped) {
        console.log(
          `Did not stop within ${deadlineMs / 1000} s: ${app.stillStopping().join(', ') || 'the app'}. Exiting anyway.`,
        );
        code = 1;
      }
    } catch (error) {
      console.error(error);
      code = 1;
    }
    try {
      if ((await embedded?.stop()) === 'gone')
        console.log(
          'PostgreSQL had already stopped (another start on the same data folder takes a running one over).',
        );
    } catch (error) {
      console.error(error);
      code = 1;
    }
    console.log(code === 0 ? 'Stopped.' : 'Stopped, not cleanly.');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** How long past the drain of requests in flight the app's stop may take before the process exits anyway. */
const STOP_GRACE_MS = 3_000;

main().catch((error: unknown) => {
  console.error(error ?? 'Onboard did not start (no reason given)');
  process.exit(1);
});
