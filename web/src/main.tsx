import { reloadOnPreloadError } from './app/preload-reload.ts';
import { resolveRoute } from './app/routes.ts';
import { preloadScreenOf } from './app/screens.ts';
import { preloadDataOf } from './app/page-data.ts';
import './styles.css';
// The census report is served rendered (web/src/server.tsx): its styles come in the page's own stylesheet,
// so its markup is laid out as it stays, not again when the report's code arrives.
import './features/census/census.css';

// The entry stays small: it asks for the page's code and first reads before the shell (React DOM, the
// router, the header; app/boot.tsx) is loaded and evaluated, so the three arrive side by side instead of
// the page's code waiting for the shell to run.
reloadOnPreloadError();

function start() {
  const { route, params } = resolveRoute(window.location.pathname);
  const screenLoaded = preloadScreenOf(route.name, params);
  const data = preloadDataOf(route.name, params);
  void import('./app/boot.tsx').then((boot) => boot.renderApp(screenLoaded, data));
}

// The tracking parameters (platform §2) leave the address before the router reads it, so a sign-in
// redirect never carries them; their code loads only on an address that has some.
if (/[?&]sgm/.test(window.location.search))
  void import('./app/tracking-params.ts')
    .then((tracking) => tracking.takeTrackingParamsFromAddress())
    .catch(() => undefined)
    .finally(start);
else start();
