import { describe, expect, it } from 'vitest';
import type { EifEvent } from '../../../events/src/index.ts';
import { decide, fold, isSameValue, type EifCommand } from './decider.ts';

const clientId = 'c-1';
const created: EifEvent = {
  type: 'EifEntityCreated',
  data: { clientId, entity: 'Client', entityId: clientId, attributes: { name: 'Acme', taxId: null } },
};

const given = (...events: EifEvent[]) => ({
  when: (command: EifCommand) => decide(command, fold(events)),
});

describe('EIF decider', () => {
  it('given a client, when its tax id changes, then one change records value and previous value', () => {
    const result = given(created).when({
      type: 'ChangeAttributes',
      clientId,
      entity: 'Client',
      entityId: clientId,
      attributes: { taxId: '123456789' },
    });
    expect(result).toEqual({
      ok: true,
      events: [
        {
          type: 'EifEntityChanged',
          data: {
            clientId,
            entity: 'Client',
            entityId: clientId,
            changes: [{ attributeKey: 'taxId', value: '123456789', previousValue: null }],
          },
        },
      ],
    });
  });

  it('given a changed tax id, when it changes again, then the previous value is the last one', () => {
    const first: EifEvent = {
      type: 'EifEntityChanged',
      data: {
        clientId,
        entity: 'Client',
        entityId: clientId,
        changes: [{ attributeKey: 'taxId', value: '111111111', previousValue: null }],
      },
    };
    const result = given(created, first).when({
      type: 'ChangeAttributes',
      clientId,
      entity: 'Client',
      entityId: clientId,
      attributes: { taxId: '222222222' },
    });
    expect(
      result.ok && result.events[0]?.type === 'EifEntityChanged' && result.events[0].data.changes,
    ).toEqual([{ attributeKey: 'taxId', value: '222222222', previousValue: '111111111' }]);
  });

  it('given a client, when the same value is saved, then nothing is recorded', () => {
    const result = given(created).when({
      type: 'ChangeAttributes',
      clientId,
      entity: 'Client',
      entityId: clientId,
      attributes: { name: 'Acme' },
    });
    expect(result).toEqual({ ok: true, events: [] });
  });

  it('given no client, when an attribute changes, then it is refused as not found', () => {
    const result = given().when({
      type: 'ChangeAttributes',
      clientId,
      entity: 'Client',
      entityId: clientId,
      attributes: { taxId: '123456789' },
    });
    expect(result).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Client not found' } });
  });

  it('given a client, when it is created again, then it is refused', () => {
    const result = given(created).when({
      type: 'CreateEntity',
      clientId,
      entity: 'Client',
      entityId: clientId,
      attributes: {},
    });
    expect(result.ok).toBe(false);
  });

  it('given no client, when a policy is created, then it is refused', () => {
    const result = given().when({
      type: 'CreateEntity',
      clientId,
      entity: 'Policy',
      entityId: 'p-1',
      attributes: {},
    });
    expect(result).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Client not found' } });
  });

  it('treats false and null as the same answer', () => {
    expect(isSameValue(false, null)).toBe(true);
    expect(isSameValue(true, null)).toBe(false);
    expect(isSameValue({ a: 1 }, { a: 1 })).toBe(true);
  });
});
