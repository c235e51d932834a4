import { describe, expect, it } from 'vitest';
import { BEN_ADMIN_PLATFORMS_STREAM, userStream } from '@onboard/events';
import { DEMO_BEN_ADMIN_PLATFORMS } from './seed.ts';
import { apiClient, eventually } from './testing/http-client.ts';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';

type Platform = {
  platformId: string;
  name: string;
  website: string;
  supportsDataFeeds: boolean;
  active: boolean;
};
const platforms = '/api/ben-admin-platforms';

// The benefits-administration platform catalogue, the sign-in stamps and the free user query (platform
// §7 Other) over HTTP.
describe('the platform catalogue and the user calls', () => {
  const names = async (api: Api, query = '') =>
    ((await api.get(`${platforms}${query}`)).body as Platform[]).map((p) => p.name);

  const portal = seededAppForTests('ben_admin_platforms', ['staff', 'broker']);

  it('lists the seeded platforms by name, once, to every signed-in user', async () => {
    const seeded = await eventually(async () => {
      const listed = await names(portal.broker);
      expect(listed).toHaveLength(DEMO_BEN_ADMIN_PLATFORMS.length);
      return listed;
    });
    expect(seeded).toContain('Benefitfocus');
    expect(seeded).toEqual([...seeded].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect((await apiClient(portal.app.url).get(platforms)).status).toBe(401);
  });

  it('staff add, rename and retire a platform; a duplicate name is refused on the name field', async () => {
    const added = await portal.staff.post(platforms, {
      name: 'Ease Benefits',
      website: 'https://www.ease.com',
      supportsDataFeeds: true,
    });
    expect(added.status).toBe(201);
    const platform = added.body as Platform;
    expect(platform).toMatchObject({ name: 'Ease Benefits', active: true, supportsDataFeeds: true });

    const duplicate = await portal.staff.post(platforms, { name: ' ease  benefits ', website: '' });
    expect(duplicate.status).toBe(400);
    expect(JSON.stringify(duplicate.body)).toContain('body.name');

    const renamed = await portal.staff.put(`${platforms}/${platform.platformId}`, {
      name: 'Ease by Employee Navigator',
      website: 'https://www.ease.com',
      supportsDataFeeds: false,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Ease by Employee Navigator', supportsDataFeeds: false });
    await eventually(async () => expect(await names(portal.broker)).toContain('Ease by Employee Navigator'));

    const retired = await portal.staff.post(`${platforms}/${platform.platformId}/retire`);
    expect(retired.status).toBe(200);
    expect(retired.body).toMatchObject({ active: false });
    await eventually(async () =>
      expect(await names(portal.broker)).not.toContain('Ease by Employee Navigator'),
    );
    expect(await names(portal.staff, '?includeRetired=true')).toContain('Ease by Employee Navigator');
    expect(await names(portal.broker, '?includeRetired=true')).not.toContain('Ease by Employee Navigator');

    expect((await portal.staff.post(`${platforms}/no-such-platform/retire`)).status).toBe(404);
    const types = (await portal.app.store.readStream(BEN_ADMIN_PLATFORMS_STREAM)).map((e) => e.type);
    expect(types.slice(-3)).toEqual([
      'BenAdminPlatformAdded',
      'BenAdminPlatformChanged',
      'BenAdminPlatformRetired',
    ]);
  });

  it('refuses the catalogue’s writes to anyone but staff', async () => {
    expect((await portal.broker.post(platforms, { name: 'Broker’s own', website: '' })).status).toBe(403);
    const [first] = (await portal.staff.get(platforms)).body as Platform[];
    expect(
      (await portal.broker.put(`${platforms}/${first!.platformId}`, { name: 'x', website: '' })).status,
    ).toBe(403);
    expect((await portal.broker.post(`${platforms}/${first!.platformId}/retire`)).status).toBe(403);
  });

  it('stamps the sign-in: the server’s stamp and the web’s call are one sign-in; firstLogin stays', async () => {
    const answer = await portal.broker.post('/api/users/authenticated/logged-in');
    expect(answer.status).toBe(200);
    const stamps = answer.body as { firstLogin: string; lastLogin: string };
    expect(stamps.firstLogin).toEqual(expect.any(String));
    expect(stamps.lastLogin).toEqual(expect.any(String));
    const signIns = async () =>
      (await portal.app.store.readStream(userStream('demo-broker'))).filter((e) => e.type === 'UserSignedIn')
        .length;
    const before = await signIns();
    await portal.broker.post('/api/users/authenticated/logged-in');
    expect(await signIns()).toBe(before);

    const listed = await eventually(async () => {
      const { body } = await portal.staff.get('/api/users?q=bianca');
      const [user] = (body as { items: { firstLogin: string | null; lastLogin: string | null }[] }).items;
      expect(user?.lastLogin).toBe(stamps.lastLogin);
      return user!;
    });
    expect(listed.firstLogin).toBe(stamps.firstLogin);
    // Signed out there is no CSRF cookie either: the write is refused before it is read.
    expect((await apiClient(portal.app.url).post('/api/users/authenticated/logged-in')).status).toBe(403);
  });

  it('finds users of every role by words of the name or e-mail, a page at a time, for staff only', async () => {
    const search = async (query: string) =>
      (await portal.staff.get(`/api/users?${query}`)).body as {
        items: { email: string; role: string }[];
        total: number;
      };
    expect((await search('q=ben%20adler')).items.map((u) => u.email)).toEqual(['benadmin@onboard.example']);
    const everyone = await search('q=onboard.example');
    expect(new Set(everyone.items.map((u) => u.role))).toEqual(
      new Set(['SLF_OWNER', 'SLF_ADMIN', 'BROKER', 'BEN_ADMIN']),
    );
    const page = await search('q=onboard.example&limit=2&offset=2');
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(everyone.total);
    expect((await search('q=nobody-at-all')).items).toEqual([]);
    expect((await portal.broker.get('/api/users?q=ben')).status).toBe(403);
  });
});
