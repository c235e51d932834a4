import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSameValue } from './decider.ts';
import { netChanges, type ChangeRecord, type ChangeStatus } from './net-changes.ts';

let seq = 0;
const record = (
  action: ChangeRecord['action'],
  status: ChangeStatus,
  details: [string, unknown, unknown][] = [],
  entityId = 'loc-1',
): ChangeRecord => {
  seq += 1;
  const createdAt = `2026-11-${String(10 + seq).padStart(2, '0')}T00:00:00Z`;
  return {
    id: `r-${seq}`,
    action,
    entity: 'Location',
    entityId,
    createdAt,
    createdByUser: { id: 'u', role: 'BEN_ADMIN' },
    status,
    changeDetails: details.map(([attributeKey, value, previousValue]) => ({
      attributeKey,
      value,
      previousValue,
      status,
      createdAt,
    })),
  };
};
const update = (
  status: ChangeStatus,
  key: string,
  value: unknown,
  previousValue: unknown,
  entityId?: string,
) => record('update', status, [[key, value, previousValue]], entityId);

describe('net changes (onboarding §4)', () => {
  it('given a change whose value equals its previous value, then it is dropped', () => {
    expect(netChanges([update('pending', 'city', 'Oslo', 'Oslo')])).toEqual([]);
  });

  it('given false against null, then they count as equal and the change is dropped', () => {
    expect(netChanges([update('pending', 'isActive', false, null)])).toEqual([]);
    expect(netChanges([update('pending', 'isActive', null, false)])).toEqual([]);
  });

  it('given the last change is accepted, then it wins', () => {
    const net = netChanges([
      update('pending', 'city', 'Rome', 'Oslo'),
      update('accepted', 'city', 'Paris', 'Rome'),
    ]);
    expect(net).toEqual([
      {
        entity: 'Location',
        entityId: 'loc-1',
        action: 'update',
        status: 'accepted',
        details: [{ attributeKey: 'city', value: 'Paris', previousValue: 'Rome', status: 'accepted' }],
      },
    ]);
  });

  it('given pending changes after an accepted one, then the baseline is the last accepted value', () => {
    const net = netChanges([
      update('accepted', 'city', 'Rome', 'Oslo'),
      update('pending', 'city', 'Paris', 'Rome'),
      update('pending', 'city', 'Berlin', 'Paris'),
    ]);
    expect(net[0]?.details).toEqual([
      { attributeKey: 'city', value: 'Berlin', previousValue: 'Rome', status: 'pending' },
    ]);
  });

  it('given pending changes that return to the accepted value, then nothing is left', () => {
    expect(
      netChanges([
        update('accepted', 'city', 'Rome', 'Oslo'),
        update('pending', 'city', 'Paris', 'Rome'),
        update('pending', 'city', 'Rome', 'Paris'),
      ]),
    ).toEqual([]);
  });

  it('given a pending creation followed by a pending deletion, then they cancel out', () => {
    expect(
      netChanges([record('create', 'pending', [['city', 'Oslo', null]]), record('delete', 'pending')]),
    ).toEqual([]);
  });

  it('given an accepted creation followed by a pending deletion, then only the changes not accepted show', () => {
    const net = netChanges([
      record('create', 'accepted', [['city', 'Oslo', null]]),
      update('accepted', 'zip', '0150', null),
      update('pending', 'name', 'Plant 2', 'Plant'),
      record('delete', 'pending'),
    ]);
    expect(net).toEqual([
      {
        entity: 'Location',
        entityId: 'loc-1',
        action: 'delete',
        status: 'pending',
        details: [{ attributeKey: 'name', value: 'Plant 2', previousValue: 'Plant', status: 'pending' }],
      },
    ]);
  });

  it('given an accepted creation followed by an accepted deletion, then only the deletion shows', () => {
    const net = netChanges([
      record('create', 'accepted', [['city', 'Oslo', null]]),
      update('accepted', 'city', 'Rome', 'Oslo'),
      record('delete', 'accepted'),
    ]);
    expect(net).toEqual([
      { entity: 'Location', entityId: 'loc-1', action: 'delete', status: 'accepted', details: [] },
    ]);
  });

  it('keeps entities apart and in the order they first changed', () => {
    const net = netChanges([
      update('pending', 'city', 'A', 'B', 'loc-2'),
      update('pending', 'city', 'C', 'D', 'loc-1'),
    ]);
    expect(net.map((n) => n.entityId)).toEqual(['loc-2', 'loc-1']);
  });

  // Properties over random histories of one attribute.
  const status = fc.constantFrom<ChangeStatus>('pending', 'accepted', 'declined');
  const value = fc.constantFrom<unknown>(null, false, 'a', 'b', 'c');
  const history = fc.array(fc.tuple(status, value), { minLength: 1, maxLength: 12 }).map((steps) => {
    let previous: unknown = null;
    return steps.map(([s, v]) => {
      const r = update(s, 'city', v, previous);
      previous = v;
      return r;
    });
  });

  it('never reports an attribute whose net value equals its net previous value', () => {
    fc.assert(
      fc.property(history, (records) => {
        for (const net of netChanges(records)) {
          for (const d of net.details) {
            const norm = (x: unknown) => (x === false ? null : x);
            expect(norm(d.value)).not.toEqual(norm(d.previousValue));
          }
        }
      }),
    );
  });

  it('runs from the last accepted value to the last value when the last change is not accepted', () => {
    fc.assert(
      fc.property(history, (records) => {
        const details = records
          .map((r) => r.changeDetails[0]!)
          .filter((d) => !isSameValue(d.value, d.previousValue));
        const last = details[details.length - 1];
        const net = netChanges(records)[0]?.details[0];
        if (!last || last.status === 'accepted') return;
        const lastAccepted = [...details].reverse().find((d) => d.status === 'accepted');
        const baseline = lastAccepted ? lastAccepted.value : details[0]!.previousValue;
        if (isSameValue(last.value, baseline)) expect(net).toBeUndefined();
        else
          expect(net).toEqual({
            attributeKey: 'city',
            value: last.value,
            previousValue: baseline,
            status: last.status,
          });
      }),
    );
  });
});
