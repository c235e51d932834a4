import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from './seed.ts';
import { eventually } from './testing/http-client.ts';
import { seededAppForTests } from './testing/seeded-app.ts';
import { explorerSiteBody } from './testing/explorer.ts';

type Task = { taskId: string; policyId: string | null } & Record<string, unknown>;
const client = `/api/clients/${DEMO_CLIENT_ID}`;

// Where the API answers what the spec's entities carry (platform §3, explorer §3), over HTTP; the client
// checks every answer against its route's contract.
describe('the answers carry the spec’s fields', () => {
  const portal = seededAppForTests('specfields', ['staff', 'benAdmin']);

  it('a client carries its tasks, and each policy its policyTasks (platform §3)', async () => {
    const tasks = await eventually(async () => {
      const listed = (await portal.benAdmin.get(`${client}/tasks`)).body as Task[];
      expect(listed.some((t) => t.policyId !== null)).toBe(true);
      return listed;
    });
    for (const view of ['', '?view=editing']) {
      const answer = await portal.benAdmin.get(`${client}${view}`);
      expect(answer.status).toBe(200);
      // The ETag (the client's version) does not cover the tasks: nothing may revalidate against it.
      expect(answer.headers.get('cache-control')).toBe('no-store');
      const body = answer.body as {
        tasks: Task[];
        policies: ({ id: string; policyTasks: Task[] } & object)[];
      };
      expect(body.tasks).toEqual(tasks.filter((t) => t.policyId === null));
      expect(body.policies.length).toBeGreaterThan(0);
      for (const policy of body.policies)
        expect(policy.policyTasks).toEqual(tasks.filter((t) => t.policyId === policy.id));
      expect(body.policies.flatMap((p) => p.policyTasks)).toEqual(tasks.filter((t) => t.policyId !== null));
    }
  });

  describe('an Explorer site', () => {
    const pages = `${client}/explorer-pages`;
    const associationId = `assoc-${randomUUID().slice(0, 8)}`;
    let siteId = '';

    beforeAll(async () => {
      const created = await portal.staff.post(
        pages,
        explorerSiteBody('Lakeside 2026 benefits', {
          associationId,
          customBranding: true,
          customThemeBrandColor: '#123456',
          customThemeContrastingColor: '#FFFFFF',
          benefits: [],
        }),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      siteId = created.body.id;
      await eventually(async () => expect((await portal.staff.get(`${pages}/${siteId}`)).status).toBe(200));
    });

    it('as staff read it, names its client and says whether its custom branding shows (explorer §3)', async () => {
      const clientName = ((await portal.staff.get(client)).body as { name: string }).name;
      expect(clientName).not.toBe('');
      const one = await portal.staff.get(`${pages}/${siteId}`);
      expect(one.body).toMatchObject({
        clientId: DEMO_CLIENT_ID,
        clientName,
        benefitsExplorerCustomBranding: true,
      });
      const listed = await portal.staff.get(`${pages}?limit=100`);
      expect(listed.body.items.find((s: { id: string }) => s.id === siteId)).toMatchObject({
        clientName,
        benefitsExplorerCustomBranding: true,
      });
      const owned = await portal.staff.get(`/api/explorer-pages/by-owner/${one.body.pageOwner}?limit=100`);
      expect(owned.body.items.find((s: { id: string }) => s.id === siteId)).toMatchObject({ clientName });
      // Branding switched off: the flag follows.
      const edited = await portal.staff.put(`${pages}/${siteId}`, {
        ...one.body,
        customBranding: false,
        customThemeBrandColor: null,
        customThemeContrastingColor: null,
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      await eventually(async () =>
        expect((await portal.staff.get(`${pages}/${siteId}`)).body).toMatchObject({
          benefitsExplorerCustomBranding: false,
        }),
      );
    });

    it('is listed under the association it was saved with', async () => {
      const answer = await portal.staff.get(`${pages}/association/${encodeURIComponent(associationId)}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual([
        expect.objectContaining({ explorerPageId: siteId, name: 'Lakeside 2026 benefits', associationId }),
      ]);
      expect((await portal.staff.get(`${pages}/association/someone-else`)).body).toEqual([]);
    });
  });
});
