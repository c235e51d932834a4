import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID, DEMO_USERS } from './seed.ts';
import { eventually } from './testing/http-client.ts';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';

type Work = {
  person: { userId: string; name: string; role: string };
  items: {
    clientId: string;
    clientName: string;
    taskId: string;
    policyId: string | null;
    policyLabel: string | null;
    title: string;
    status: string;
    pill: { label: string };
    dueDate: string | null;
    action: string;
  }[];
};
const userOf = (role: string) => DEMO_USERS.find((u) => u.role === role)!;

// "My work" over HTTP: what waits on a person across their clients, by due date; staff read anyone's.
describe('the work waiting on a person', () => {
  const admin = userOf('SLF_ADMIN');
  const ben = userOf('BEN_ADMIN');
  const broker = userOf('BROKER');
  const workOf = async (api: Api, userId: string) =>
    (await api.get(`/api/users/${userId}/work`)).body as Work;
  const sorted = (items: Work['items']) =>
    items.every((item, i) => i === 0 || (items[i - 1]!.dueDate ?? '9999') <= (item.dueDate ?? '9999'));

  const portal = seededAppForTests('work', ['staff', 'benAdmin']);

  it('a benefits administrator sees their clients’ open tasks that are theirs, soonest first, in words', async () => {
    const work = await workOf(portal.benAdmin, ben.id);
    expect(work.person).toEqual({ userId: ben.id, name: ben.name, role: 'BEN_ADMIN' });
    expect(work.items.length).toBeGreaterThan(5);
    expect(new Set(work.items.map((i) => i.clientId))).toEqual(new Set([DEMO_CLIENT_ID]));
    expect(work.items.some((i) => i.taskId === 'kickoff-call')).toBe(false);
    expect(sorted(work.items)).toBe(true);
    const census = work.items.find((i) => i.taskId === 'enrollment-elections')!;
    expect(census).toMatchObject({
      clientName: 'Lakeside Manufacturing Co.',
      title: 'Enrollment elections',
      pill: { label: 'Not Started' },
      action: 'Start it',
    });
    expect(census.policyLabel).toMatch(/^Policy /);
    // Only staff read someone else's.
    expect((await portal.benAdmin.get(`/api/users/${broker.id}/work`)).status).toBe(403);
    expect((await portal.staff.get('/api/users/no-such-user/work')).status).toBe(404);
    expect(await workOf(portal.staff, ben.id)).toEqual(work);
  });

  it('a task submitted for review leaves the client’s list for the consultant’s', async () => {
    const before = await workOf(portal.staff, admin.id);
    // The consultant of every demo client holds their kickoff calls.
    expect(before.items.filter((i) => i.taskId === 'kickoff-call')).toHaveLength(4);
    expect(before.items.every((i) => i.action === 'Hold the call' || i.status === 'In Review')).toBe(true);
    const certificates = `/api/clients/${DEMO_CLIENT_ID}/tasks/prior-carrier-certificates/actions/submit`;
    expect((await portal.benAdmin.post(certificates, {})).status).toBe(200);
    await eventually(async () => {
      const mine = await workOf(portal.staff, admin.id);
      expect(mine.items.find((i) => i.taskId === 'prior-carrier-certificates')).toMatchObject({
        clientId: DEMO_CLIENT_ID,
        pill: { label: 'In Review' },
        action: 'Review it: accept or send it back',
      });
      expect(sorted(mine.items)).toBe(true);
      const theirs = await workOf(portal.benAdmin, ben.id);
      expect(theirs.items.some((i) => i.taskId === 'prior-carrier-certificates')).toBe(false);
    });
  });
});
