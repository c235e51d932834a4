import { describe, expect, it } from 'vitest';
import type { PersonalDataEvent } from '@onboard/events';
import { eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import { ERASURE_MESSAGES, personalDataDecider, type ErasureCommand } from './erasure.ts';

const owner = { at: '2026-03-01T09:00:00.000Z', by: { userId: 'u-owner', role: 'SLF_OWNER' } };
const admin = { at: '2026-03-01T09:00:00.000Z', by: { userId: 'u-admin', role: 'SLF_ADMIN' } };
const job = { at: '2026-06-01T09:00:00.000Z', by: { userId: 'system:retention', role: 'SYSTEM' } };

const erase = (
  scope: 'CLIENT' | 'EMPLOYEE',
  reason: ErasureCommand['data']['reason'],
  metadata = owner,
  employeeRef: string | null = scope === 'EMPLOYEE' ? 'ref-e1' : null,
): ErasureCommand => ({
  type: 'ErasePersonalData',
  data: { clientId: 'c-1', scope, employeeRef, reason },
  metadata,
});

const given = givenWhenThen(personalDataDecider);
const erased = (command: ErasureCommand): PersonalDataEvent[] => eventsOf(given().when(command));

describe('erasing personal data', () => {
  it('given nothing erased, when an owner erases one employee, then PersonalDataErased names the reference', () => {
    expect(given().when(erase('EMPLOYEE', 'PERSON_REQUEST'))).toEqual({
      ok: true,
      events: [
        {
          type: 'PersonalDataErased',
          data: {
            clientId: 'c-1',
            scope: 'EMPLOYEE',
            employeeRef: 'ref-e1',
            reason: 'PERSON_REQUEST',
            erasedBy: owner.by,
            erasedAt: owner.at,
          },
        },
      ],
    });
  });

  it('given an employee erased, when erased again, then refused; another employee is erased', () => {
    const history = erased(erase('EMPLOYEE', 'PERSON_REQUEST'));
    expect(refusalOf(given(...history).when(erase('EMPLOYEE', 'PERSON_REQUEST')))).toMatchObject({
      code: 'ALREADY_ERASED',
      message: ERASURE_MESSAGES.employeeAlready,
    });
    const other = erase('EMPLOYEE', 'PERSON_REQUEST', owner, 'ref-e2');
    expect(eventsOf(given(...history).when(other))).toHaveLength(1);
  });

  it('given nothing, when an owner erases the client, then every key goes (a client erasure clears the employees)', () => {
    const history = [
      ...erased(erase('EMPLOYEE', 'PERSON_REQUEST')),
      ...erased(erase('CLIENT', 'CLIENT_REQUEST')),
    ];
    const state = given(...history).state;
    expect(state.clientErasedAt).toBe(owner.at);
    expect(state.employees.size).toBe(0);
    expect(history[1]!.data).toMatchObject({ scope: 'CLIENT', employeeRef: null, reason: 'CLIENT_REQUEST' });
  });

  it('refuses an employee with no personal data here', () => {
    const unknown = erase('EMPLOYEE', 'PERSON_REQUEST');
    expect(refusalOf(given().when({ ...unknown, data: { ...unknown.data, hasData: false } }))).toMatchObject({
      code: 'INVALID',
      fields: { employeeId: ERASURE_MESSAGES.employeeUnknown },
    });
  });

  it('refuses anyone but an owner, and an employee erasure without an employee', () => {
    expect(refusalOf(given().when(erase('CLIENT', 'CLIENT_REQUEST', admin))).code).toBe('NOT_ALLOWED');
    expect(refusalOf(given().when(erase('EMPLOYEE', 'PERSON_REQUEST', owner, null)))).toMatchObject({
      code: 'INVALID',
      fields: { employeeId: ERASURE_MESSAGES.employeeMissing },
    });
  });

  it('lets only the retention job erase for retention, the whole client, once', () => {
    expect(refusalOf(given().when(erase('CLIENT', 'RETENTION', owner))).code).toBe('NOT_ALLOWED');
    expect(refusalOf(given().when(erase('EMPLOYEE', 'RETENTION', job))).code).toBe('INVALID');
    const history = erased(erase('CLIENT', 'RETENTION', job));
    expect(given(...history).state.retentionErasedAt).toBe(job.at);
    expect(refusalOf(given(...history).when(erase('CLIENT', 'RETENTION', job))).code).toBe('ALREADY_ERASED');
    expect(eventsOf(given(...history).when(erase('CLIENT', 'CLIENT_REQUEST')))).toHaveLength(1);
  });
});
