import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp, resetConsumer, type EventStore, type NewEvent } from '@onboard/events';
import { createPostgresEventStore } from '@onboard/events/postgres';
import { migratedDatabase } from '@onboard/testing/db';
import { tasksProjection } from './tasks.ts';

const by = { userId: 'ic', role: 'SLF_ADMIN' };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute)).toISOString();
const EIF = 'eif-submit-company-information';
const FORMS = 'onboarding-forms';

const event = (type: string, data: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actorId: 'ic', actorRole: 'SLF_ADMIN', occurredAt: at(0), correlationId: randomUUID() },
});
const task = (clientId: string, taskId: string, policyId: string | null = null) => ({
  clientId,
  taskId,
  policyId,
  by,
});

// The tasks read model, applied an event per batch and a whole history per batch: the same rows, whatever
// how the events are grouped (a rebuild applies thousands at once, a running process a few).
describe('tasks projection', () => {
  let pool: pg.Pool;
  let store: EventStore;

  const rows = async () => ({
    tasks: (
      await pool.query(
        `select client_id, task_id, policy_id, status, due_date::text, status_updated_at, reason, done_at, call
           from rm_tasks order by client_id, task_id, policy_id`,
      )
    ).rows,
    forms: (await pool.query('select * from rm_task_onboarding_forms order by client_id, envelope_id')).rows,
  });
  const rebuild = async (batchSize: number) => {
    await resetConsumer(pool, tasksProjection);
    await catchUp({ store, pool, consumer: tasksProjection, batchSize });
    return rows();
  };

  beforeAll(async () => {
    const url = await migratedDatabase('tasks_projection');
    pool = new pg.Pool({ connectionString: url });
    store = createPostgresEventStore({ pool, connectionString: url });
    const append = (stream: string, events: NewEvent[]) => store.append(stream, events, 'any');
    const scheduled = (clientId: string, taskId: string, minute: number, policyId: string | null = null) =>
      event('TaskScheduled', {
        ...task(clientId, taskId, policyId),
        status: 'Not Started',
        dueDate: '2026-12-01',
        at: at(minute),
      });
    // An answer before the EIF task exists moves nothing; the ones after it, only the first.
    await append('eif-c1', [event('EifEntityChanged', { clientId: 'c1' })]);
    await append('tasks-c1', [
      scheduled('c1', EIF, 1),
      scheduled('c1', FORMS, 1),
      scheduled('c1', 'census', 1, 'p1'),
      scheduled('c1', 'census', 1, 'p2'),
    ]);
    await append('eif-c1', [
      event('EifEntityChanged', { clientId: 'c1' }),
      event('EifEntityChanged', { clientId: 'c1' }),
    ]);
    await append('tasks-c1', [
      event('TaskStatusChanged', {
        ...task('c1', 'census', 'p1'),
        from: 'Not Started',
        to: 'Done',
        reason: null,
        at: at(3),
      }),
      event('TaskStatusChanged', {
        ...task('c1', 'census', 'p1'),
        from: 'Done',
        to: 'NIGO',
        reason: 'The file is empty',
        at: at(4),
      }),
      event('TaskDueDateChanged', { ...task('c1', 'census', 'p2'), dueDate: null, at: at(4) }),
      event('TaskCallScheduled', {
        ...task('c1', 'census', 'p2'),
        call: { startsAt: at(30), durationMinutes: 30, joinUrl: "https://meet.example/it's" },
        at: at(4),
      }),
      // A change of a task never scheduled changes nothing.
      event('TaskDueDateChanged', { ...task('c1', 'unknown'), dueDate: '2027-01-01', at: at(4) }),
    ]);
    // Forms: one sent moves the forms task to In Progress, every live one completed to Done.
    await append('envelope-e1', [event('EnvelopeCreated', { clientId: 'c1', envelopeId: 'e1' })]);
    await append('envelope-e2', [event('EnvelopeCreated', { clientId: 'c1', envelopeId: 'e2' })]);
    await append('envelope-e1', [event('EnvelopeCompleted', { clientId: 'c1', envelopeId: 'e1' })]);
    await append('envelope-e2', [event('EnvelopeVoided', { clientId: 'c1', envelopeId: 'e2' })]);
    await append('eif-c1', [event('EifSigned', { clientId: 'c1' })]);
    // A NIGO forms task keeps its status when a form changes.
    await append('tasks-c2', [
      scheduled('c2', FORMS, 5),
      event('TaskStatusChanged', {
        ...task('c2', FORMS),
        from: 'Not Started',
        to: 'NIGO',
        reason: 'Wrong signer',
        at: at(6),
      }),
    ]);
    await append('envelope-e3', [event('EnvelopeCreated', { clientId: 'c2', envelopeId: 'e3' })]);
    // Answers alone (each save of a form, a batch of their own when applied one at a time): the first
    // starts the EIF task, the second leaves it as it is.
    await append('tasks-c3', [scheduled('c3', EIF, 7)]);
    await append('eif-c3', [event('EifEntityChanged', { clientId: 'c3' })]);
    await append('eif-c3', [event('EifEntityChanged', { clientId: 'c3' })]);
  });

  afterAll(async () => {
    await store.close();
    await pool.end();
  });

  it('holds the same rows applied one event at a time and all at once', async () => {
    const one = await rebuild(1);
    const all = await rebuild(1000);
    expect(all).toEqual(one);
    const status = (clientId: string, taskId: string, policyId = '') =>
      one.tasks.find((t) => t.client_id === clientId && t.task_id === taskId && t.policy_id === policyId);
    expect(status('c1', EIF)).toMatchObject({ status: 'Done' });
    expect(status('c1', FORMS)).toMatchObject({ status: 'Done' });
    expect(status('c1', 'census', 'p1')).toMatchObject({
      status: 'NIGO',
      reason: 'The file is empty',
      done_at: null,
    });
    expect(status('c1', 'census', 'p2')).toMatchObject({
      due_date: null,
      call: { startsAt: at(30), durationMinutes: 30, joinUrl: "https://meet.example/it's" },
    });
    expect(status('c2', FORMS)).toMatchObject({ status: 'NIGO', reason: 'Wrong signer' });
    const [, firstAnswer] = (
      await pool.query<{ recorded_at: Date }>(
        `select recorded_at from es_events where stream_name in ('tasks-c3', 'eif-c3') order by global_position`,
      )
    ).rows;
    expect(status('c3', EIF)).toMatchObject({
      status: 'In Progress',
      status_updated_at: firstAnswer!.recorded_at,
    });
    expect(one.tasks).toHaveLength(6);
    expect(one.forms.map((f) => `${f.client_id} ${f.envelope_id} ${f.status}`)).toEqual([
      'c1 e1 completed',
      'c1 e2 voided',
      'c2 e3 sent',
    ]);
  });
});
