// Dependencies point inward (design brief, "The shape"): each package may import only the packages
// listed for it here; lint fails on anything else, so the rule is enforced rather than hoped for.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const ours = ['events', 'domain', 'command-api', 'projections', 'query-api', 'workers', 'platform', 'web'];
const mayImport = {
  events: [],
  domain: ['events'],
  'command-api': ['events', 'domain'],
  projections: ['events', 'domain'],
  'query-api': ['events', 'domain'],
  workers: ['events', 'domain'],
  web: ['events', 'domain'],
  platform: ours.filter((p) => p !== 'platform' && p !== 'web'),
};

const boundaries = Object.entries(mayImport).map(([pkg, allowed]) => {
  const forbidden = ours.filter((p) => p !== pkg && !allowed.includes(p));
  return {
    files: [`${pkg}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbidden.map((p) => ({
              group: [`@onboard/${p}`, `@onboard/${p}/*`, `**/${p}/src/**`],
              message: `${pkg}/ may not import ${p}/ (dependencies point inward; see ARCHITECTURE.md).`,
            })),
            ...(pkg === 'domain'
              ? [{ group: ['node:*', 'pg', 'express'], message: 'domain/ is pure: no I/O.' }]
              : []),
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'scripts/kafka/target/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.property.name="only"]', message: '.only must never land.' },
      ],
    },
  },
  ...boundaries,
  {
    files: ['domain/src/**/*.ts'],
    ignores: ['domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'Date', message: 'Time comes in as an argument.' }],
    },
  },
);
