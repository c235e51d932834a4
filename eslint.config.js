// Dependencies point inward (design brief, "The shape"): each package may import only the packages
// listed for it here; lint fails on anything else, so the rule is enforced rather than hoped for.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';

const ours = [
  'events',
  'api-contract',
  'domain',
  'command-api',
  'projections',
  'query-api',
  'workers',
  'platform',
  'web',
  'testing',
];
const mayImport = {
  events: [],
  domain: ['events'],
  'api-contract': ['domain'],
  'command-api': ['events', 'domain', 'api-contract'],
  projections: ['events', 'domain'],
  'query-api': ['events', 'domain', 'api-contract'],
  workers: ['events', 'domain'],
  // The web takes types only from the route contracts (see below), and nothing else of the servers.
  web: ['events', 'domain', 'api-contract'],
  platform: ours.filter((p) => !['platform', 'web', 'testing'].includes(p)),
  testing: ['domain', 'platform'],
  e2e: ours,
  bench: ours,
};
const srcOf = (pkg) => (['testing', 'e2e', 'bench'].includes(pkg) ? pkg : `${pkg}/src`);
// The shared test helpers (@onboard/testing: one embedded PostgreSQL per run, backend checks) are for tests.
const testFiles = [
  '**/*.test.{ts,tsx}',
  '**/contract.ts',
  '**/bus-contract.ts',
  '**/testing/**',
  '**/testing-*.ts',
];

// A route's contract (`*.contract.ts`, and the `contracts.ts` entry that gathers them) is pure: the web
// infers its types from it and the document is assembled from it.
const contractFiles = ['**/*.contract.ts', '**/src/contracts.ts'];
const contractRules = {
  files: contractFiles.map((f) => `{command-api,query-api}/src/${f.replace('**/src/', '')}`),
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['express', 'pg', 'pg-listen', 'kafkajs', 'node:*', '@onboard/api-contract/express'],
            message: 'A contract is pure: zod, the contract kit and pure domain only.',
          },
          {
            group: [
              '@onboard/*',
              '!@onboard/domain',
              '!@onboard/domain/*',
              '!@onboard/events',
              '!@onboard/events/catalogue/*',
              '!@onboard/api-contract',
              '!@onboard/api-contract/views',
            ],
            message: 'A contract is pure: zod, the contract kit and pure domain only.',
          },
          {
            regex: '^\\.\\.?/(?!.*\\.contract\\.ts$)',
            message: 'A contract imports only other contracts.',
          },
        ],
      },
    ],
  },
};

// One command path: events are written only through the command handler (events/src/command-handler.ts,
// `handleCommand`, which command-api's `decideOnStream` wraps for HTTP). The store's adapters and their
// contract are the only other places an `.append(` may appear; tests arrange their given events directly.
// query-api (an archive's `append`) and web (FormData, the DOM) write no events and are not in scope.
const onlyOnly = {
  selector: 'CallExpression[callee.property.name="only"]',
  message: '.only must never land.',
};
const onlyThroughTheHandler = {
  files: ['{events,domain,api-contract,command-api,projections,workers,platform}/src/**/*.ts'],
  ignores: [
    ...testFiles,
    'events/src/store/**',
    'events/src/command-handler.ts',
    // The EIF's own write loop (snapshots, field-aware retries): still appends itself, see ARCHITECTURE.md.
    'command-api/src/clients/execute.ts',
  ],
  rules: {
    'no-restricted-syntax': [
      'error',
      onlyOnly,
      {
        selector: 'CallExpression[callee.type="MemberExpression"][callee.property.name="append"]',
        message:
          'Events are written through the one command handler (handleCommand, or decideOnStream in command-api) with a decider, never by an append of your own.',
      },
    ],
  },
};

// One way to the API in the web: screens call it through the typed client of web/src/api/ (client.ts's
// useRead, call and get; upload.ts, download.ts, public.ts), whose paths, bodies and answers come from the
// route contracts, never through fetch or the untyped request function.
const throughTheClient = {
  selector:
    'CallExpression[callee.name="fetch"], CallExpression[callee.object.name=/^(window|globalThis)$/][callee.property.name="fetch"], NewExpression[callee.name="XMLHttpRequest"]',
  message: 'Call the API through web/src/api/ (client.ts: useRead, call, get; upload.ts; download.ts).',
};
const untypedRequests = {
  group: ['**/api/http.ts'],
  importNames: ['apiRequest', 'apiGet'],
  message: 'Call the API through web/src/api/client.ts (useRead, call, get), typed from the contracts.',
};

// One control set in the web: only web/src/ui/ imports the control library; every screen takes its
// controls from there (ui/controls.ts re-exports the primitives, beside the composed controls).
const controlPrimitives = [
  {
    group: ['react-aria-components', 'react-aria-components/*'],
    message: 'Import controls from web/src/ui/ (ui/controls.ts or a composed control), never the library.',
  },
];

const boundaries = Object.entries(mayImport).flatMap(([pkg, allowed]) =>
  [false, true].map((isTest) => boundary(pkg, allowed, isTest)),
);

function isContractSource(pkg) {
  return pkg === 'command-api' || pkg === 'query-api';
}

function boundary(pkg, allowed, isTest) {
  const forbidden = ours.filter((p) => p !== pkg && !allowed.includes(p) && !(p === 'testing' && isTest));
  const files = [`${srcOf(pkg)}/**/*.{ts,tsx}`];
  return {
    files: isTest ? files.flatMap((f) => testFiles.map((t) => `${f.split('/**')[0]}/${t}`)) : files,
    ...(isTest ? {} : { ignores: testFiles }),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...ours.filter((p) => p !== 'testing').map((p) => `**/${p}/src/**`),
                '**/testing/{db,backends,eif-answers,global-setup}.ts',
              ],
              message: 'Import another package by its name (@onboard/...), never by a relative path.',
            },
            ...(isTest
              ? []
              : [
                  {
                    group: ['@onboard/domain/testing', '**/testing/given-when-then.ts'],
                    message: 'The given/when/then helper is for decider tests only.',
                  },
                ]),
            ...forbidden.map((p) => ({
              group: [
                `@onboard/${p}`,
                `@onboard/${p}/*`,
                ...(pkg === 'web' && isContractSource(p) ? [`!@onboard/${p}/contracts`] : []),
              ],
              message: `${pkg}/ may not import ${p}/ (dependencies point inward; see ARCHITECTURE.md).`,
            })),
            ...(pkg === 'web'
              ? [
                  {
                    group: ['@onboard/command-api/contracts', '@onboard/query-api/contracts'],
                    allowTypeImports: true,
                    message: 'web/ takes types from the route contracts (import type), never their code.',
                  },
                  {
                    group: ['@onboard/api-contract/express', '@onboard/api-contract/openapi'],
                    message: 'web/ takes the pure entry of the contract kit only.',
                  },
                  {
                    regex: '^@onboard/domain(/testing)?$',
                    message: "web/ takes the domain's rules through its browser entry, @onboard/domain/web.",
                  },
                ]
              : []),
            ...(pkg === 'web'
              ? [
                  {
                    group: [
                      '@onboard/events/postgres',
                      '@onboard/events/eventstoredb',
                      '@onboard/events/contract',
                    ],
                    message:
                      'web/ never reaches an event-store or bus adapter: import the pure entries only.',
                  },
                  {
                    group: ['kafkajs', 'pg', 'pg-listen', '@eventstore/*'],
                    message: 'web/ runs in the browser.',
                  },
                ]
              : []),
            ...(pkg === 'domain'
              ? [{ group: ['node:*', 'pg', 'express'], message: 'domain/ is pure: no I/O.' }]
              : []),
          ],
        },
      ],
    },
  };
}

// State lives in web/src/state/: jotai is reached only through it.
const throughTheState = {
  group: ['jotai', 'jotai/*'],
  message: 'Use the atoms and hooks of web/src/state/ (state/store.ts).',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.tmp/**', 'scripts/kafka/target/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', onlyOnly],
    },
  },
  // Accessibility of the web's markup (the maintained fork of eslint-plugin-jsx-a11y that runs on this ESLint).
  { ...jsxA11y.configs.recommended, files: ['web/src/**/*.tsx'] },
  {
    files: ['web/src/**/*.tsx'],
    rules: {
      // A scrollable region (a wide table, the terms text) takes focus so the keyboard can scroll it
      // (WCAG 2.1.1, axe's scrollable-region-focusable); it is named and has the region role.
      'jsx-a11y-x/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'], tags: [] }],
      // react-aria's autoFocus moves focus into what the user just opened (a menu, the rename field, the
      // next sign-in step), as the WAI-ARIA patterns ask; the native attribute on a page stays forbidden.
      'jsx-a11y-x/no-autofocus': ['error', { ignoreNonDOM: true }],
      // The ui controls' Input and TextArea render the native elements a wrapping label names.
      'jsx-a11y-x/label-has-associated-control': ['error', { controlComponents: ['Input', 'TextArea'] }],
    },
  },
  ...boundaries,
  contractRules,
  onlyThroughTheHandler,
  {
    // State lives in web/src/state/; screens reach jotai only through it (state/store.ts).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/state/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [throughTheState, ...controlPrimitives, untypedRequests],
        },
      ],
    },
  },
  {
    // One control set: the primitives come from web/src/ui/ (ui/controls.ts and the composed controls).
    files: ['web/src/state/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...controlPrimitives, untypedRequests] }] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/api/**'],
    rules: { 'no-restricted-syntax': ['error', onlyOnly, throughTheClient] },
  },
  {
    files: ['web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [throughTheState] }],
    },
  },
  {
    files: ['domain/src/**/*.ts'],
    ignores: ['domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'Date', message: 'Time comes in as an argument.' }],
    },
  },
);
