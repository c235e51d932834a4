import { describe, expect, it } from 'vitest';
import type { TaskEvent } from '@onboard/events';
import { commandBuilder, eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import {
  CALL_DURATION_MESSAGE,
  CALL_TIME_MESSAGE,
  JOIN_URL_MESSAGE,
  NOT_A_CALL,
  DUE_DATE_FORMAT_MESSAGE,
  EIF_TASK_FOLLOWS_FORM,
  NO_SUCH_TASK,
  tasksDecider,
  type TaskCommand,
} from './decider.ts';
import { staff, at } from '../testing/actors.ts';
import { CLIENT_TASK_IDS } from './catalogue.ts';

const clientId = 'acme';
const benAdmin = { userId: 'ben-1', role: 'BEN_ADMIN' };
const given = givenWhenThen(tasksDecider);
const cmd = commandBuilder<TaskCommand>({ at, by: staff });

type PolicyInput = {
  policyId: string;
  slfCoverages: string[];
  planBenefitTypes: string[];
  policyEffective: string | null;
};
const dental: PolicyInput = {
  policyId: 'p-dental',
  slfCoverages: ['Dental'],
  planBenefitTypes: [],
  policyEffective: '2027-03-01',
};
const schedule = (policies: PolicyInput[] = [dental]) =>
  cmd('ScheduleTasks', { clientId, implementationType: 'NEW_BUSINESS', policies, startsOn: '2026-11-24' });
const scheduled = () => eventsOf(given().when(schedule()));
const ref = (taskId: string, policyId: string | null = null) => ({ clientId, taskId, policyId });

describe('the tasks of a client', () => {
  it('schedules every client task and the policy tasks its coverages call for, Not Started, with due dates', () => {
    const events = scheduled();
    const keys = events.map((e) => `${e.data.taskId}${e.data.policyId ? `/${e.data.policyId}` : ''}`);
    expect(keys).toEqual([
      ...CLIENT_TASK_IDS,
      'prior-carrier-bills/p-dental',
      'enrollment-elections/p-dental',
      'dental-rollover/p-dental',
      'deductible-maximum-report/p-dental',
    ]);
    expect(events.every((e) => e.type === 'TaskScheduled' && e.data.status === 'Not Started')).toBe(true);
    // Planned from the start and back from the effective date (schedule.ts).
    const dueOf = (taskId: string) => events.find((e) => e.data.taskId === taskId)?.data;
    expect(dueOf('kickoff-call')).toMatchObject({ dueDate: '2026-12-01' });
    expect(dueOf('prior-carrier-bills')).toMatchObject({ dueDate: '2027-01-15' });
    expect(dueOf('enrollment-elections')).toMatchObject({ dueDate: '2027-01-30' });
  });

  it('schedules again only what is new: a policy added later gets its tasks, nothing twice', () => {
    const again = eventsOf(
      given(...scheduled()).when(
        schedule([
          dental,
          {
            policyId: 'p-pfml',
            slfCoverages: [],
            planBenefitTypes: ['PFML_CO_FULLY_INS'],
            policyEffective: '2027-04-01',
          },
        ]),
      ),
    );
    expect(again.map((e) => `${e.data.taskId}/${e.data.policyId}`)).toEqual([
      'prior-carrier-bills/p-pfml',
      'enrollment-elections/p-pfml',
      'pfml/p-pfml',
      'pfml-spd/p-pfml',
    ]);
  });

  it('lets staff mark a task NIGO with the reason the client reads, and refuses NIGO without one', () => {
    const history = scheduled();
    const nigo = eventsOf(
      given(...history).when(
        cmd('ChangeTaskStatus', {
          ...ref('enrollment-elections', 'p-dental'),
          status: 'NIGO',
          reason: ' Census is missing salaries ',
        }),
      ),
    );
    expect(nigo).toEqual<TaskEvent[]>([
      {
        type: 'TaskStatusChanged',
        data: {
          ...ref('enrollment-elections', 'p-dental'),
          from: 'Not Started',
          to: 'NIGO',
          reason: 'Census is missing salaries',
          at,
          by: staff,
        },
      },
    ]);
    const after = given(...history, ...nigo).state.tasks.get('enrollment-elections|p-dental');
    expect(after).toMatchObject({
      status: 'NIGO',
      reason: 'Census is missing salaries',
      statusUpdatedAt: at,
    });
    expect(
      refusalOf(
        given(...history).when(
          cmd('ChangeTaskStatus', { ...ref('kickoff-call'), status: 'NIGO', reason: '' }),
        ),
      ),
    ).toEqual({ code: 'NOT_ALLOWED', message: 'Please give the reason the client will read' });
  });

  it('lets the client answer NIGO by submitting for review, and finish alone only tasks without review', () => {
    const history = scheduled();
    const nigo = eventsOf(
      given(...history).when(
        cmd('ChangeTaskStatus', { ...ref('enrollment-elections', 'p-dental'), status: 'NIGO', reason: 'x' }),
      ),
    );
    const submitted = eventsOf(
      given(...history, ...nigo).when(
        cmd(
          'TakeTaskAction',
          { ...ref('enrollment-elections', 'p-dental'), action: 'submit' },
          { by: benAdmin },
        ),
      ),
    );
    expect(submitted[0]).toMatchObject({ data: { from: 'NIGO', to: 'In Review', reason: null } });
    expect(
      eventsOf(
        given(...history).when(
          cmd('TakeTaskAction', { ...ref('company-profile'), action: 'complete' }, { by: benAdmin }),
        ),
      ),
    ).toMatchObject([{ data: { to: 'Done' } }]);
    expect(
      refusalOf(
        given(...history).when(
          cmd('TakeTaskAction', { ...ref('onboarding-forms'), action: 'complete' }, { by: benAdmin }),
        ),
      ),
    ).toEqual({ code: 'NOT_ALLOWED', message: 'This task is finished when staff accept it' });
  });

  it('moves a due date, refuses a malformed one on its field, and records nothing when it is unchanged', () => {
    const history = scheduled();
    expect(
      eventsOf(
        given(...history).when(cmd('ChangeDueDate', { ...ref('kickoff-call'), dueDate: '2026-11-30' })),
      ),
    ).toMatchObject([{ type: 'TaskDueDateChanged', data: { dueDate: '2026-11-30' } }]);
    for (const dueDate of ['15/12/2026', '2026-02-30'])
      expect(
        refusalOf(given(...history).when(cmd('ChangeDueDate', { ...ref('kickoff-call'), dueDate }))),
      ).toEqual({
        code: 'INVALID',
        message: DUE_DATE_FORMAT_MESSAGE,
        fields: { dueDate: DUE_DATE_FORMAT_MESSAGE },
      });
    expect(
      given(...history).when(
        cmd('ChangeDueDate', { ...ref('prior-carrier-bills', 'p-dental'), dueDate: '2027-01-15' }),
      ),
    ).toEqual({ ok: true, events: [] });
  });

  it('asks before moving others: a later kickoff carries the tasks that need it, once agreed', () => {
    const history = scheduled();
    const move = { ...ref('kickoff-call'), dueDate: '2026-12-20' };
    const refusal = refusalOf(given(...history).when(cmd('ChangeDueDate', move)));
    expect(refusal).toMatchObject({
      code: 'MOVES_OTHERS',
      message:
        'Moving this due date also moves Company profile, Submit company information, Sign onboarding forms: confirm to move them too',
    });
    expect(given(...history).when(cmd('ChangeDueDate', move))).toMatchObject({ ok: false });
    const moved = eventsOf(given(...history).when(cmd('ChangeDueDate', { ...move, moveOthers: true })));
    expect(moved.map((e) => [e.data.taskId, e.type === 'TaskDueDateChanged' && e.data.dueDate])).toEqual([
      ['kickoff-call', '2026-12-20'],
      ['company-profile', '2026-12-27'],
      ['eif-submit-company-information', '2027-01-03'],
      ['onboarding-forms', '2027-01-10'],
    ]);
  });

  it('answers an unknown task, or one the client does not have, as not found', () => {
    const history = scheduled();
    for (const unknown of [ref('no-such-task'), ref('pfml', 'p-dental')])
      expect(
        refusalOf(
          given(...history).when(cmd('ChangeTaskStatus', { ...unknown, status: 'Done', reason: null })),
        ),
      ).toEqual({ code: 'NOT_FOUND', message: NO_SUCH_TASK });
  });
});

describe('the company information task', () => {
  it('follows its form: no status change or action, only its due date', () => {
    const history = scheduled();
    const eif = ref('eif-submit-company-information');
    expect(
      refusalOf(given(...history).when(cmd('ChangeTaskStatus', { ...eif, status: 'Done', reason: null }))),
    ).toEqual({
      code: 'NOT_ALLOWED',
      message: EIF_TASK_FOLLOWS_FORM,
    });
    expect(
      refusalOf(given(...history).when(cmd('TakeTaskAction', { ...eif, action: 'start' }, { by: benAdmin })))
        .code,
    ).toBe('NOT_ALLOWED');
    expect(
      eventsOf(given(...history).when(cmd('ChangeDueDate', { ...eif, dueDate: '2026-12-10' }))),
    ).toHaveLength(1);
  });
});

describe('the call of a call task', () => {
  const call = {
    startsAt: '2027-01-12T15:00:00.000Z',
    durationMinutes: 45,
    joinUrl: 'https://meet.example/abc',
  };
  const kickoff = ref('kickoff-call');

  it('is set by staff, and its day becomes the due date', () => {
    const events = eventsOf(
      given(...scheduled()).when(
        cmd('ScheduleCall', { ...kickoff, call, callDay: '2027-01-12', moveOthers: true }),
      ),
    );
    expect(events.slice(0, 2)).toMatchObject([
      { type: 'TaskCallScheduled', data: { taskId: 'kickoff-call', call } },
      { type: 'TaskDueDateChanged', data: { taskId: 'kickoff-call', dueDate: '2027-01-12' } },
    ]);
    // The tasks that need the kickoff move after it, as staff agreed.
    expect(events.slice(2).every((e) => e.type === 'TaskDueDateChanged')).toBe(true);
    expect(
      refusalOf(given(...scheduled()).when(cmd('ScheduleCall', { ...kickoff, call, callDay: '2027-01-12' })))
        .code,
    ).toBe('MOVES_OTHERS');
    const state = given(...scheduled(), ...events).state;
    expect(state.tasks.get('kickoff-call|')?.call).toEqual(call);
    expect(
      eventsOf(
        given(...scheduled(), ...events).when(
          cmd('ScheduleCall', { ...kickoff, call, callDay: '2027-01-12' }),
        ),
      ),
    ).toEqual([]);
  });

  it('refuses a bad time, length or link on their fields, and tasks that are not calls', () => {
    const refusal = refusalOf(
      given(...scheduled()).when(
        cmd('ScheduleCall', {
          ...kickoff,
          call: { startsAt: '2027-01-12', durationMinutes: 5, joinUrl: 'http://meet.example' },
          callDay: '2027-01-12',
        }),
      ),
    );
    expect(refusal).toMatchObject({
      code: 'INVALID',
      fields: {
        'call.startsAt': CALL_TIME_MESSAGE,
        'call.durationMinutes': CALL_DURATION_MESSAGE,
        'call.joinUrl': JOIN_URL_MESSAGE,
      },
    });
    expect(
      refusalOf(
        given(...scheduled()).when(cmd('ScheduleCall', { ...ref('company-profile'), call, callDay: null })),
      ),
    ).toEqual({ code: 'NOT_ALLOWED', message: NOT_A_CALL });
  });
});
