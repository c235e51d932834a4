import { defineConfig } from 'vitest/config';
import LongestFirst from './testing/sequencer.ts';

// Test level by file suffix (design brief, "Testing"). Integration and e2e tests share an embedded
// PostgreSQL per worker (testing/global-setup.ts), each with a migrated and a seeded template made once;
// each test file copies the one it needs into a database of its own (testing/db.ts). The e2e files share
// one Chromium (e2e/global-setup.ts), each with browser contexts of its own.
//
// Files that own their database run side by side (MAX_WORKERS at a time, unit tests among them). The
// files below cannot: they kill processes, measure time, share Kafka's topics or start the distributed
// topology, so they run one at a time after all the others, in the `int-serial`, `e2e-serial` and
// `topology` projects.
const SERIAL_INT = [
  // Kill processes (their own children, or a PostgreSQL) and wait for what follows.
  'platform/src/compiled-server.int.test.ts',
  'platform/src/crash-restart.int.test.ts',
  'platform/src/drain.int.test.ts',
  'platform/src/lost-database-exit.int.test.ts',
  'platform/src/projection-database-crash.int.test.ts',
  'platform/src/emails/email-delivery.int.test.ts',
  'projections/src/runner-crash.int.test.ts',
  // Many processes migrating and seeding one database at once.
  'platform/src/cold-start.int.test.ts',
  // Compares response times.
  'platform/src/throttle.int.test.ts',
  // Freezes a PostgreSQL of its own and times the answers meanwhile.
  'platform/src/frozen-database.int.test.ts',
  // Kafka's topics are one per event kind, shared by every test that publishes.
  'platform/src/bus/kafka-bus.int.test.ts',
  'platform/src/reactor-outage.int.test.ts',
  'platform/src/outage.int.test.ts',
];
const SERIAL_E2E = [
  // Times a page.
  'e2e/eif-history.e2e.test.ts',
];
// The distributed topology (nginx, a Kafka and a PostgreSQL of its own, a process per service): a project
// of its own that needs neither the shared PostgreSQL nor the browser, so CI can run it in a second vitest
// process beside the serial files (.ci/run).
const TOPOLOGY = ['e2e/topology.e2e.test.ts'];
// Unit files that need a browser's window before any module loads (swr decides whether it is in a browser
// as it loads): a project of their own, each file on a module graph of its own.
const WINDOW_UNIT = ['web/src/app/route-data-seed.unit.test.ts'];

// Every file shares its worker's modules (`isolate: false`): each worker imports the app, the domain and
// the test helpers once instead of once per file, which was most of the run's CPU time. A file must leave
// no module state behind it (no `vi.mock` of a shared module, no unrestored global). The sequencer keeps a
// project's files together in the queue, since vitest hands a worker on only to a file of its own project.
const shared = { isolate: false };
// Each file starts on databases of its own: what the shared test client remembered is forgotten first.
const ownState = { setupFiles: ['testing/file-setup.ts'] };
// The serial projects: one file at a time, after the others (a group of their own, `groupOrder` 1), in one
// worker that imports the app once for all of them.
const serial = { ...shared, fileParallelism: false, sequence: { groupOrder: 1 } };

// Two cores: a third worker fills the time the others wait on PostgreSQL, the browser or a timer.
const MAX_WORKERS = Number(process.env.VITEST_MAX_WORKERS ?? 3);

// A poll waits for what a loaded machine can take seconds to show (a save's answer and the reads after it),
// not vitest's default second.
const slow = { testTimeout: 120_000, hookTimeout: 180_000, expect: { poll: { timeout: 15_000 } } };
// A whole form filled in the browser takes a minute alone, and up to half as long again beside two others.
const browser = { ...slow, testTimeout: 240_000 };

export default defineConfig({
  test: {
    maxWorkers: MAX_WORKERS,
    // Longest files first across the projects (testing/durations.json), so no long file starts last.
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          ...shared,
          include: ['**/src/**/*.unit.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', ...WINDOW_UNIT],
          // RSA keys made in JavaScript (node-forge) take seconds when the cores are busy with other files.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'unit-window',
          isolate: true,
          include: WINDOW_UNIT,
          setupFiles: ['testing/browser-window.ts'],
        },
      },
      {
        test: {
          name: 'int',
          ...ownState,
          ...shared,
          include: ['**/src/**/*.int.test.ts', 'bench/**/*.int.test.ts', 'deploy/*.int.test.ts'],
          exclude: ['**/node_modules/**', ...SERIAL_INT],
          globalSetup: ['testing/global-setup.ts'],
          ...slow,
        },
      },
      {
        test: {
          name: 'int-serial',
          ...ownState,
          ...serial,
          include: SERIAL_INT,
          globalSetup: ['testing/global-setup.ts'],
          ...slow,
        },
      },
      {
        test: {
          name: 'e2e',
          ...ownState,
          ...shared,
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: [...SERIAL_E2E, ...TOPOLOGY],
          globalSetup: ['testing/global-setup.ts', 'e2e/global-setup.ts'],
          ...browser,
        },
      },
      {
        test: {
          name: 'e2e-serial',
          ...ownState,
          ...serial,
          include: SERIAL_E2E,
          globalSetup: ['testing/global-setup.ts', 'e2e/global-setup.ts'],
          ...browser,
        },
      },
      {
        test: { name: 'topology', ...ownState, ...serial, include: TOPOLOGY, ...browser },
      },
    ],
  },
});
