import { startApp, type RunningApp } from '@onboard/platform/app';
import { embeddedTestConfig } from '@onboard/platform/config';
import { apiClient } from '@onboard/platform/testing/http-client';

/** The app a bench measures: on its database with the demo data, logging errors only, without the web build. */
export const startBenchApp = (databaseUrl: string) =>
  startApp(embeddedTestConfig(databaseUrl, { webDist: null, seedDemoData: true, logLevel: 'error' }));

/** A client of `app` signed in as `email`, with its cookies as one Cookie header and its CSRF token. */
export async function signedInBenchClient(app: RunningApp, email: string) {
  const api = apiClient(app.url);
  await api.signIn(email);
  const cookie = [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return { api, cookie, csrf: api.cookies.get('onboard_csrf') ?? '' };
}
