import { describe, expect, it } from 'vitest';
import type { ServiceStatusEvent } from '@onboard/events';
import { foldWith } from '../decider.ts';
import { eventsOf, givenWhenThen } from '../testing/given-when-then.ts';
import { serviceStatusDecider, type ServiceStatusCommand } from './decider.ts';

const staff = { userId: 'ic-1', role: 'SLF_ADMIN' };
const at = '2026-11-24T10:00:00.000Z';
const given = givenWhenThen(serviceStatusDecider);
const set = (isUp: boolean): ServiceStatusCommand => ({
  type: 'SetTicketSystemStatus',
  data: { isUp },
  metadata: { at, by: staff },
});
const wasSet = (isUp: boolean): ServiceStatusEvent => ({
  type: 'TicketSystemStatusSet',
  data: { isUp, at, by: staff },
});

describe('the service-status settings', () => {
  it('counts the ticket system as up until staff say otherwise', () => {
    expect(given().state).toEqual({ ticketSystemUp: true, changedAt: null });
  });

  it('records staff marking the ticket system down, with who and when', () => {
    expect(eventsOf(given().when(set(false)))).toEqual([wasSet(false)]);
    expect(foldWith(serviceStatusDecider, [wasSet(false)])).toEqual({ ticketSystemUp: false, changedAt: at });
  });

  it('records marking it up again after it was down', () => {
    expect(eventsOf(given(wasSet(false)).when(set(true)))).toEqual([wasSet(true)]);
  });

  it('records nothing when the setting is already what staff ask', () => {
    expect(eventsOf(given().when(set(true)))).toEqual([]);
    expect(eventsOf(given(wasSet(false)).when(set(false)))).toEqual([]);
  });
});
