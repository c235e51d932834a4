import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { settingsTable } from '../settings.ts';

/** `npm run docs:settings`: writes the README's table of environment variables from their declarations. */
const README = resolve(import.meta.dirname, '../../../README.md');
const START = '<!-- settings:start -->';
const END = '<!-- settings:end -->';
const readme = await readFile(README, 'utf8');
const from = readme.indexOf(START);
const to = readme.indexOf(END);
if (from < 0 || to < from) throw new Error(`README.md has no ${START} … ${END} section`);
await writeFile(
  README,
  `${readme.slice(0, from + START.length)}\n\n${settingsTable()}\n\n${readme.slice(to)}`,
);
