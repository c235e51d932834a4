import { afterAll, beforeAll } from 'vitest';
import { seededDatabase } from '@onboard/testing/db';
import { startApp, type AppOptions, type RunningApp } from '../app.ts';
import { embeddedTestConfig, type AppConfig } from '../config.ts';
import { apiClient } from './http-client.ts';

export type Api = ReturnType<typeof apiClient>;

/** The seeded demo users (platform/src/seed.ts), by the part each plays in the tests. */
const DEMO_USERS = {
  staff: 'admin@onboard.example',
  owner: 'owner@onboard.example',
  benAdmin: 'benadmin@onboard.example',
  broker: 'broker@onboard.example',
} as const;
export type DemoUser = keyof typeof DEMO_USERS;

/** A client of the app at `url`, signed in as `email` over HTTP (password and second factor). */
async function signedIn(url: string, email: string): Promise<Api> {
  const api = apiClient(url);
  await api.signIn(email);
  return api;
}

/** A client of the app at `url` for each demo user named, signed in one after the other in that order. */
export async function signedInDemoUsers<U extends DemoUser>(
  url: string,
  users: readonly U[],
): Promise<Record<U, Api>> {
  const clients = {} as Record<U, Api>;
  for (const user of users) clients[user] = await signedIn(url, DEMO_USERS[user]);
  return clients;
}

/** The app in the embedded default on a copy of the seeded database, without the web build. */
export async function startSeededApp(
  prefix: string,
  config: Partial<AppConfig> = {},
  options: AppOptions = {},
): Promise<RunningApp> {
  return startApp(embeddedTestConfig(await seededDatabase(prefix), { webDist: null, ...config }), options);
}

/**
 * The app the tests of the calling `describe` (or file) share, without the web build: started on the
 * database `database` makes before them, and stopped after them. Its field is set once the tests run.
 */
export function appForTests(
  database: () => Promise<string>,
  config: Partial<AppConfig> = {},
  options: AppOptions = {},
): { app: RunningApp } {
  const running = {} as { app: RunningApp };
  beforeAll(async () => {
    running.app = await startApp(embeddedTestConfig(await database(), { webDist: null, ...config }), options);
  });
  afterAll(async () => {
    await running.app?.stop();
  });
  return running;
}

export type SeededApp<U extends DemoUser> = { app: RunningApp } & Record<U, Api>;

/**
 * The app the tests of the calling `describe` (or file) share: started on a seeded database before them,
 * with a client signed in for each demo user named (in that order), and stopped after them. Its fields are
 * set once the tests run.
 */
export function seededAppForTests<U extends DemoUser>(
  prefix: string,
  users: readonly U[] = [],
  config: Partial<AppConfig> = {},
  options: AppOptions = {},
): SeededApp<U> {
  const running = appForTests(() => seededDatabase(prefix), config, options) as SeededApp<U>;
  beforeAll(async () => {
    Object.assign(running, await signedInDemoUsers(running.app.url, users));
  });
  return running;
}
