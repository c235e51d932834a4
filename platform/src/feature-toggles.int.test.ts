import { describe, expect, it } from 'vitest';
import { FEATURE_TOGGLES_STREAM } from '@onboard/events';
import { loadConfig } from './config.ts';
import { DEMO_CLIENT_ID, DEMO_EXPLORER_PAGE_ID } from './seed.ts';
import { apiClient, eventually } from './testing/http-client.ts';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';

type Toggle = { name: string; enabled: boolean; source: string; globalEnabled: boolean };
type Toggles = { clientId: string | null; toggles: Toggle[] };

// Feature toggles over HTTP: staff switch them globally and per client, everyone signed in reads them
// merged for a client, the Explorer's language dialog follows them; and the public configuration.
describe('feature toggles and configuration over HTTP', () => {
  const toggle = async (api: Api, name: string, clientId?: string) => {
    const answer = await api.get(`/api/feature-toggles${clientId ? `?clientId=${clientId}` : ''}`);
    expect(answer.status).toBe(200);
    return (answer.body as Toggles).toggles.find((t) => t.name === name)!;
  };
  const languageDialog = async () =>
    (
      (await apiClient(portal.app.url).get(`/api/explorer-pages/${DEMO_EXPLORER_PAGE_ID}`)).body as {
        showsLanguageDialog: boolean;
        languageFeatureToggle: boolean;
      }
    ).showsLanguageDialog;

  const SUPPORT_ENV = {
    ONBOARD_SUPPORT_EMAIL: 'help@carrier.example.test',
    ONBOARD_HELP_CENTER_URL: 'https://help.carrier.example.test',
    ONBOARD_LEGAL_URL: 'https://carrier.example.test/legal',
    ONBOARD_PRIVACY_URL: 'https://carrier.example.test/privacy',
    ONBOARD_SECURITY_URL: 'https://carrier.example.test/security',
    ONBOARD_FRAUD_URL: 'https://carrier.example.test/fraud',
  };

  const portal = seededAppForTests('feature_toggles', ['staff', 'benAdmin'], {
    platform: { ...loadConfig(SUPPORT_ENV, 'postgres://unused').platform, version: 'build-42' },
  });

  it('staff switch a toggle globally; the Explorer’s language dialog follows it', async () => {
    expect(await toggle(portal.staff, 'explorerLanguage')).toMatchObject({
      enabled: true,
      source: 'default',
    });
    expect(await languageDialog()).toBe(true);

    expect((await portal.staff.put('/api/feature-toggles/explorerLanguage', { enabled: false })).status).toBe(
      204,
    );
    await eventually(async () =>
      expect(await toggle(portal.staff, 'explorerLanguage')).toMatchObject({
        enabled: false,
        source: 'global',
      }),
    );
    expect(await languageDialog()).toBe(false);

    // The same value again records nothing.
    const before = (await portal.app.store.readStream(FEATURE_TOGGLES_STREAM)).length;
    expect((await portal.staff.put('/api/feature-toggles/explorerLanguage', { enabled: false })).status).toBe(
      204,
    );
    expect((await portal.app.store.readStream(FEATURE_TOGGLES_STREAM)).length).toBe(before);
  });

  it('a client’s override wins over the global value for that client only, until staff remove it', async () => {
    const put = await portal.staff.put('/api/feature-toggles/explorerLanguage', {
      enabled: true,
      clientId: DEMO_CLIENT_ID,
    });
    expect(put.status).toBe(204);
    await eventually(async () =>
      expect(await toggle(portal.benAdmin, 'explorerLanguage', DEMO_CLIENT_ID)).toMatchObject({
        enabled: true,
        source: 'client',
        globalEnabled: false,
      }),
    );
    expect(await toggle(portal.staff, 'explorerLanguage', 'another-client')).toMatchObject({
      enabled: false,
      source: 'global',
    });
    expect(await languageDialog()).toBe(true);
    // Staff see every override by the client's name; the client's own view names it too.
    const everyone = (await portal.staff.get('/api/feature-toggles')).body as {
      toggles: { name: string; overrides: { clientId: string; clientName: string; enabled: boolean }[] }[];
    };
    expect(everyone.toggles.find((t) => t.name === 'explorerLanguage')!.overrides).toEqual([
      { clientId: DEMO_CLIENT_ID, clientName: 'Lakeside Manufacturing Co.', enabled: true },
    ]);
    expect((await portal.staff.get(`/api/feature-toggles?clientId=${DEMO_CLIENT_ID}`)).body).toMatchObject({
      clientName: 'Lakeside Manufacturing Co.',
    });

    const cleared = await portal.staff.delete(
      `/api/feature-toggles/explorerLanguage/clients/${DEMO_CLIENT_ID}`,
    );
    expect(cleared.status).toBe(204);
    await eventually(async () =>
      expect(await toggle(portal.staff, 'explorerLanguage', DEMO_CLIENT_ID)).toMatchObject({
        source: 'global',
      }),
    );
    expect(
      (await portal.staff.delete(`/api/feature-toggles/explorerLanguage/clients/${DEMO_CLIENT_ID}`)).status,
    ).toBe(404);
  });

  it('the large-client toggle, set for a client, takes the language dialog away from its Explorer', async () => {
    await portal.staff.put('/api/feature-toggles/explorerLanguage', { enabled: true });
    await eventually(async () => expect(await languageDialog()).toBe(true));
    expect(await toggle(portal.staff, 'largeClient', DEMO_CLIENT_ID)).toMatchObject({ source: 'default' });
    const put = await portal.staff.put('/api/feature-toggles/largeClient', {
      enabled: true,
      clientId: DEMO_CLIENT_ID,
    });
    expect(put.status).toBe(204);
    await eventually(async () => expect(await languageDialog()).toBe(false));
  });

  it('refuses a toggle it does not know, and anyone but staff', async () => {
    expect((await portal.staff.put('/api/feature-toggles/teleport', { enabled: true })).status).toBe(400);
    expect(
      (await portal.benAdmin.put('/api/feature-toggles/explorerLanguage', { enabled: true })).status,
    ).toBe(403);
    expect(
      (await portal.benAdmin.delete(`/api/feature-toggles/explorerLanguage/clients/${DEMO_CLIENT_ID}`))
        .status,
    ).toBe(403);
    expect((await portal.benAdmin.get('/api/feature-toggles?clientId=another-client')).status).toBe(403);
    expect((await apiClient(portal.app.url).get('/api/feature-toggles')).status).toBe(401);
  });

  it('answers the configuration to anyone: the build’s version, the environment from the host, support and legal links from the environment, the features', async () => {
    const answer = await apiClient(portal.app.url).get('/api/configuration');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      version: 'build-42',
      environment: 'local',
      supportEmail: 'help@carrier.example.test',
      helpCenterUrl: 'https://help.carrier.example.test',
      legalLinks: {
        legal: 'https://carrier.example.test/legal',
        privacy: 'https://carrier.example.test/privacy',
        security: 'https://carrier.example.test/security',
        fraud: 'https://carrier.example.test/fraud',
      },
      analytics: null,
      errorReporting: null,
    });
    expect((answer.body as { features: unknown[] }).features).toContainEqual({
      name: 'largeClient',
      enabled: false,
    });
  });
});
