import { describe, expect, it } from 'vitest';
import { eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import {
  BASE_CLIENT_ONLY_FOR_DRAFT,
  CLIENT_NOT_FOUND,
  DELETE_SIGNED,
  DUPLICATE_POLICY_NUMBER,
  NO_POLICY,
  PROVIDE,
  clientLifecycleDecider,
  type ClientLifecycleCommand,
} from './lifecycle.ts';
import { staff, at } from '../testing/actors.ts';

const clientId = 'acme';
const given = givenWhenThen(clientLifecycleDecider);
const cmd = <T extends ClientLifecycleCommand['type']>(
  type: T,
  data: Omit<Extract<ClientLifecycleCommand, { type: T }>['data'], 'clientId'>,
  by = staff,
) => ({ type, data: { clientId, ...data }, metadata: { at, by } }) as ClientLifecycleCommand;

const policy = (slfPolicyNumber: string, slfCoverages = ['Dental']) => ({
  policyId: `p-${slfPolicyNumber}`,
  slfPolicyNumber,
  slfCoverages,
  policyEffective: '2027-01-01',
});
const create = (over: Partial<Extract<ClientLifecycleCommand, { type: 'CreateClient' }>['data']> = {}) =>
  cmd('CreateClient', {
    name: ' Acme Tools ',
    ticketId: 'ONB-12',
    implementationType: 'NEW_CASE',
    implementationConsultantUserId: 'ic-1',
    isTest: false,
    policies: [policy('100'), policy('200', ['Basic Life'])],
    draft: false,
    ...over,
  });
const created = () => eventsOf(given().when(create()));

describe('a client’s lifecycle', () => {
  it('creates a client with its trimmed name and policies', () => {
    const [event] = created();
    expect(event).toMatchObject({
      type: 'ClientCreated',
      data: { clientId, name: 'Acme Tools', ticketId: 'ONB-12', draft: false, by: staff, at },
    });
    expect(event?.type === 'ClientCreated' && event.data.policies.map((p) => p.slfPolicyNumber)).toEqual([
      '100',
      '200',
    ]);
  });

  it('refuses a nameless client, no policy, a blank or repeated policy number, on their fields', () => {
    expect(refusalOf(given().when(create({ name: '  ', policies: [] })))).toMatchObject({
      code: 'INVALID',
      fields: { name: PROVIDE, policies: NO_POLICY },
    });
    const refusal = refusalOf(given().when(create({ policies: [policy('7'), policy('7'), policy(' ')] })));
    expect(refusal).toMatchObject({
      code: 'INVALID',
      fields: {
        'policies.1.slfPolicyNumber': DUPLICATE_POLICY_NUMBER,
        'policies.2.slfPolicyNumber': PROVIDE,
      },
    });
  });

  it('refuses creating the same client twice', () => {
    expect(refusalOf(given(...created()).when(create())).code).toBe('ALREADY_EXISTS');
  });

  it('lets a draft start without policies, and makes the base client only from a complete draft', () => {
    const draft = eventsOf(given().when(create({ draft: true, policies: [] })));
    expect(refusalOf(given(...draft).when(cmd('MakeBaseClient', {})))).toMatchObject({
      code: 'INVALID',
      fields: { policies: NO_POLICY },
    });
    const filled = eventsOf(
      given(...draft).when(cmd('ChangeProfile', { changes: {}, policies: [policy('9')] })),
    );
    expect(eventsOf(given(...draft, ...filled).when(cmd('MakeBaseClient', {})))).toMatchObject([
      { type: 'BaseClientMade' },
    ]);
    expect(refusalOf(given(...created()).when(cmd('MakeBaseClient', {})))).toMatchObject({
      code: 'NOT_ALLOWED',
      message: BASE_CLIENT_ONLY_FOR_DRAFT,
    });
  });

  it('records only the profile fields that change', () => {
    const events = eventsOf(
      given(...created()).when(cmd('ChangeProfile', { changes: { ticketId: 'ONB-12', isTest: true } })),
    );
    expect(events).toMatchObject([{ type: 'ClientProfileChanged', data: { changes: { isTest: true } } }]);
    expect(
      eventsOf(given(...created()).when(cmd('ChangeProfile', { changes: { ticketId: 'ONB-12' } }))),
    ).toEqual([]);
  });

  it('archives and unarchives once each', () => {
    const archived = eventsOf(given(...created()).when(cmd('ArchiveClient', {})));
    expect(archived).toMatchObject([{ type: 'ClientArchived' }]);
    expect(eventsOf(given(...created(), ...archived).when(cmd('ArchiveClient', {})))).toEqual([]);
    expect(eventsOf(given(...created(), ...archived).when(cmd('UnarchiveClient', {})))).toMatchObject([
      { type: 'ClientUnarchived' },
    ]);
  });

  it('deletes only before anything is signed; a deleted client is not found', () => {
    expect(refusalOf(given(...created()).when(cmd('DeleteClient', { signed: true })))).toEqual({
      code: 'NOT_ALLOWED',
      message: DELETE_SIGNED,
    });
    const deleted = eventsOf(given(...created()).when(cmd('DeleteClient', { signed: false })));
    expect(deleted).toMatchObject([{ type: 'ClientDeleted' }]);
    expect(refusalOf(given(...created(), ...deleted).when(cmd('ArchiveClient', {})))).toEqual({
      code: 'NOT_FOUND',
      message: CLIENT_NOT_FOUND,
    });
    expect(refusalOf(given().when(cmd('ArchiveClient', {}))).code).toBe('NOT_FOUND');
  });

  it('goes LIVE and back', () => {
    const live = eventsOf(given(...created()).when(cmd('SetReleaseStatus', { releaseStatus: 'LIVE' })));
    expect(live).toMatchObject([{ type: 'ClientReleaseStatusChanged', data: { releaseStatus: 'LIVE' } }]);
    expect(
      eventsOf(given(...created(), ...live).when(cmd('SetReleaseStatus', { releaseStatus: 'LIVE' }))),
    ).toEqual([]);
  });

  it('completes setup when the last of the five steps is done, people steps only with someone assigned', () => {
    expect(
      refusalOf(given(...created()).when(cmd('CompleteSetupStep', { stepId: 'broker', assigned: false }))),
    ).toMatchObject({ code: 'NOT_ALLOWED', message: 'Assign a broker to the client first' });
    const steps = ['broker', 'benAdmin', 'docusignEnvelop', 'configCompanyInfo'] as const;
    const history = [...created()];
    for (const stepId of steps)
      history.push(...eventsOf(given(...history).when(cmd('CompleteSetupStep', { stepId, assigned: true }))));
    expect(history.map((e) => e.type)).not.toContain('ClientSetupCompleted');
    const last = eventsOf(
      given(...history).when(cmd('CompleteSetupStep', { stepId: 'importCompanyInfo', assigned: false })),
    );
    expect(last.map((e) => e.type)).toEqual(['ClientSetupStepCompleted', 'ClientSetupCompleted']);
    const state = given(...history, ...last).state;
    expect(state.completedSetupAt).toBe(at);
    expect(
      eventsOf(
        given(...history, ...last).when(cmd('CompleteSetupStep', { stepId: 'broker', assigned: true })),
      ),
    ).toEqual([]);
  });

  it('records each person’s welcome flow once', () => {
    const benAdmin = { userId: 'ben-1', role: 'BEN_ADMIN' };
    const done = eventsOf(given(...created()).when(cmd('CompleteWelcomeFlow', {}, benAdmin)));
    expect(done).toMatchObject([{ type: 'WelcomeFlowCompleted', data: { by: benAdmin } }]);
    expect(eventsOf(given(...created(), ...done).when(cmd('CompleteWelcomeFlow', {}, benAdmin)))).toEqual([]);
    expect(given(...created(), ...done).state.welcomeCompleted).toEqual({ 'ben-1': at });
  });
});
