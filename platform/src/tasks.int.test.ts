import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from './seed.ts';
import { eventually } from './testing/http-client.ts';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';

type Task = { taskId: string; policyId: string | null; status: string; reason: string | null } & Record<
  string,
  unknown
>;
const client = `/api/clients/${DEMO_CLIENT_ID}`;

// The onboarding tasks over HTTP: staff schedule a client's tasks, set statuses (NIGO with the reason the
// client reads) and due dates; the client's people see them and act on theirs.
describe('onboarding tasks over HTTP', () => {
  let tasks: Task[];

  const listTasks = async (api: Api) => (await api.get(`${client}/tasks`)).body as Task[];

  const portal = seededAppForTests('tasks', ['staff', 'benAdmin']);

  it('the seeded client’s tasks are scheduled once; scheduling again adds nothing; staff only', async () => {
    expect((await portal.benAdmin.post(`${client}/tasks/schedule`)).status).toBe(403);
    expect((await portal.staff.post(`${client}/tasks/schedule`)).body).toEqual({ scheduled: 0 });
    tasks = await eventually(async () => {
      const listed = await listTasks(portal.benAdmin);
      expect(listed.length).toBeGreaterThan(8);
      return listed;
    });
    expect(tasks.find((t) => t.taskId === 'kickoff-call')).toMatchObject({
      taskId: 'kickoff-call',
      policyId: null,
      title: 'Kickoff call',
      status: 'Not Started',
      pill: { label: 'Not Started', tone: 'info' },
    });
    expect(tasks.some((t) => t.taskId === 'dental-rollover' && t.policyId !== null)).toBe(true);
  });

  it('staff mark a policy task NIGO with a reason the ben-admin reads; the ben-admin answers it', async () => {
    const census = tasks.find((t) => t.taskId === 'enrollment-elections')!;
    const path = `${client}/tasks/enrollment-elections`;
    const refused = await portal.staff.put(`${path}/status`, { policyId: census.policyId, status: 'NIGO' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'NOT_ALLOWED',
      message: 'Please give the reason the client will read',
    });
    const nigo = await portal.staff.put(`${path}/status`, {
      policyId: census.policyId,
      status: 'NIGO',
      reason: 'The census has no salaries',
    });
    expect(nigo.status).toBe(200);
    expect(nigo.body).toMatchObject({ status: 'NIGO', reason: 'The census has no salaries' });
    expect(
      (await portal.benAdmin.put(`${path}/status`, { policyId: census.policyId, status: 'Done' })).status,
    ).toBe(403);
    await eventually(async () => {
      const seen = (await listTasks(portal.benAdmin)).find((t) => t.taskId === 'enrollment-elections');
      expect(seen).toMatchObject({
        pill: { label: 'Action Required', tone: 'error' },
        reason: 'The census has no salaries',
      });
    });
    const submitted = await portal.benAdmin.post(`${path}/actions/submit`, { policyId: census.policyId });
    expect(submitted.body).toMatchObject({ status: 'In Review', reason: null });
    const notTheirs = await portal.benAdmin.post(`${client}/tasks/onboarding-forms/actions/complete`, {});
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body).toMatchObject({
      code: 'NOT_ALLOWED',
      message: 'This task is finished when staff accept it',
    });
  });

  it('refuses a malformed due date on its field, an unknown task and an unknown action, writing nothing', async () => {
    const bad = await portal.staff.put(`${client}/tasks/kickoff-call/due-date`, { dueDate: '12/15/2026' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      validationError: { 'body.dueDate': 'Enter the due date as YYYY-MM-DD' },
    });
    expect((await portal.staff.put(`${client}/tasks/no-such-task/due-date`, { dueDate: null })).status).toBe(
      404,
    );
    expect((await portal.benAdmin.post(`${client}/tasks/kickoff-call/actions/finish`, {})).status).toBe(400);
    const moved = await portal.staff.put(`${client}/tasks/kickoff-call/due-date`, { dueDate: '2026-11-02' });
    expect(moved.body).toMatchObject({ dueDate: '2026-11-02' });
    await eventually(async () => {
      const kickoff = (await listTasks(portal.staff)).find((t) => t.taskId === 'kickoff-call');
      expect(kickoff).toMatchObject({ dueDate: '2026-11-02' });
    });
  });

  it('asks before a due date carries other tasks along, then moves them with it', async () => {
    const before = await listTasks(portal.staff);
    const profile = before.find((t) => t.taskId === 'company-profile')!;
    const later = `${Number(String(profile.dueDate).slice(0, 4)) + 1}${String(profile.dueDate).slice(4)}`;
    const path = `${client}/tasks/kickoff-call/due-date`;
    const asked = await portal.staff.put(path, { dueDate: later });
    expect(asked.status).toBe(400);
    expect(asked.body).toMatchObject({ code: 'MOVES_OTHERS' });
    expect((asked.body as { message: string }).message).toMatch(
      /^Moving this due date also moves Company profile, /,
    );
    expect((await listTasks(portal.staff)).find((t) => t.taskId === 'kickoff-call')?.dueDate).toBe(
      '2026-11-02',
    );
    const moved = await portal.staff.put(path, { dueDate: later, moveOthers: true });
    expect(moved.body).toMatchObject({ dueDate: later });
    await eventually(async () => {
      const after = await listTasks(portal.staff);
      expect(after.find((t) => t.taskId === 'kickoff-call')?.dueDate).toBe(later);
      // Nothing that needs the kickoff is due before it any more.
      for (const taskId of ['company-profile', 'eif-submit-company-information'])
        expect(String(after.find((t) => t.taskId === taskId)?.dueDate) >= later).toBe(true);
    });
  });

  it('records when a task reached Done, for the timeline, and forgets it when the task is reopened', async () => {
    const path = `${client}/tasks/connect-service`;
    expect((await listTasks(portal.staff)).find((t) => t.taskId === 'connect-service')).toMatchObject({
      doneAt: null,
    });
    const accepted = await portal.staff.put(`${path}/status`, { status: 'Done' });
    expect(accepted.status).toBe(200);
    const doneAt = await eventually(async () => {
      const seen = (await listTasks(portal.benAdmin)).find((t) => t.taskId === 'connect-service');
      expect(seen).toMatchObject({ status: 'Done', pill: { label: 'Completed', tone: 'success' } });
      expect(typeof seen?.doneAt).toBe('string');
      return seen!.doneAt as string;
    });
    expect(doneAt).toBe(
      (await listTasks(portal.staff)).find((t) => t.taskId === 'connect-service')?.statusUpdatedAt,
    );
    await portal.staff.put(`${path}/status`, { status: 'NIGO', reason: 'Name the data-feed contact' });
    await eventually(async () => {
      const seen = (await listTasks(portal.benAdmin)).find((t) => t.taskId === 'connect-service');
      expect(seen).toMatchObject({ status: 'NIGO', doneAt: null });
    });
  });

  it('staff set the kickoff call: its day where the client is becomes the due date; bad input changes nothing', async () => {
    const path = `${client}/tasks/kickoff-call/call`;
    const call = { startsAt: '2027-01-13T02:30:00Z', durationMinutes: 45, joinUrl: 'https://meet.example/k' };
    expect((await portal.benAdmin.put(path, { call })).status).toBe(403);
    const bad = await portal.staff.put(path, { call: { ...call, durationMinutes: 5, joinUrl: 'ftp://x' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      validationError: {
        'body.call.durationMinutes': 'Choose from 15 to 240 minutes',
        'body.call.joinUrl': 'Enter the meeting link as an https:// address',
      },
    });
    expect((await portal.staff.put(path, { call: { ...call, startsAt: 'tomorrow' } })).status).toBe(400);
    expect((await portal.staff.put(path, { call, timeZone: 'Mars/Olympus' })).status).toBe(400);
    expect((await portal.staff.put(`${client}/tasks/company-profile/call`, { call })).body).toMatchObject({
      code: 'NOT_ALLOWED',
    });
    // 02:30 UTC on the 13th is the evening of the 12th in Chicago.
    const set = await portal.staff.put(path, { call, timeZone: 'America/Chicago', moveOthers: true });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      dueDate: '2027-01-12',
      call: { ...call, startsAt: '2027-01-13T02:30:00.000Z' },
    });
    await eventually(async () => {
      const seen = (await listTasks(portal.benAdmin)).find((t) => t.taskId === 'kickoff-call');
      expect(seen).toMatchObject({ dueDate: '2027-01-12', call: { durationMinutes: 45 } });
    });
  });
});
