import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import { isSameValue } from './decider.ts';
import {
  decideRecords,
  netChanges,
  pendingAnswerCount,
  type ChangeRecord,
  type ChangeStatus,
} from './net-changes.ts';

let seq = 0;
const record = (
  action: ChangeRecord['action'],
  status: ChangeStatus,
  details: [string, unknown, unknown][] = [],
  entityId = 'loc-1',
): ChangeRecord => {
  seq += 1;
  const createdAt = new Date(Date.UTC(2026, 10, 10) + seq * 60_000).toISOString();
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
/** The net change of location loc-1 expected: its action, status and details. */
const netLocation = (action: ChangeRecord['action'], status: ChangeStatus, details: object[]) => ({
  entity: 'Location',
  entityId: 'loc-1',
  action,
  status,
  details,
});
const update = (
  status: ChangeStatus,
  key: string,
  value: unknown,
  previousValue: unknown,
  entityId?: string,
) => record('update', status, [[key, value, previousValue]], entityId);

describe('net changes (onboarding §4)', () => {
  itAnswers(netChanges, {
    'given a change whose value equals its previous value, then it is dropped': [
      [[[update('pending', 'city', 'Oslo', 'Oslo')]], []],
    ],
    'given false against null, then they count as equal and the change is dropped': [
      [[[update('pending', 'isActive', false, null)]], []],
      [[[update('pending', 'isActive', null, false)]], []],
    ],
  });

  it('given the last change is accepted, then it wins', () => {
    const net = netChanges([
      update('pending', 'city', 'Rome', 'Oslo'),
      update('accepted', 'city', 'Paris', 'Rome'),
    ]);
    expect(net).toMatchObject([
      netLocation('update', 'accepted', [
        { attributeKey: 'city', value: 'Paris', previousValue: 'Rome', status: 'accepted' },
      ]),
    ]);
  });

  it('given pending changes after an accepted one, then the baseline is the last accepted value', () => {
    const net = netChanges([
      update('accepted', 'city', 'Rome', 'Oslo'),
      update('pending', 'city', 'Paris', 'Rome'),
      update('pending', 'city', 'Berlin', 'Paris'),
    ]);
    expect(net[0]?.details).toMatchObject([
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
    expect(net).toMatchObject([
      netLocation('delete', 'pending', [
        { attributeKey: 'name', value: 'Plant 2', previousValue: 'Plant', status: 'pending' },
      ]),
    ]);
  });

  it('given an accepted creation followed by an accepted deletion, then only the deletion shows', () => {
    const net = netChanges([
      record('create', 'accepted', [['city', 'Oslo', null]]),
      update('accepted', 'city', 'Rome', 'Oslo'),
      record('delete', 'accepted'),
    ]);
    expect(net).toEqual([netLocation('delete', 'accepted', [])]);
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
          expect(net).toMatchObject({
            attributeKey: 'city',
            value: last.value,
            previousValue: baseline,
            status: last.status,
          });
      }),
    );
  });
});

describe('who changed what (per answer, every author)', () => {
  const by = (record: ChangeRecord, id: string, role: string): ChangeRecord => ({
    ...record,
    createdByUser: { id, role },
  });
  const erisa = (status: ChangeStatus, key: string, value: unknown, previousValue: unknown) =>
    record('update', status, [[key, value, previousValue]], 'client-1');

  it('given an administrator changed two answers and the owner a third, then each answer names its own author and the count is three', () => {
    const records = [
      by(erisa('pending', 'erisaPlanNumber', '501', null), 'u-admin', 'SLF_ADMIN'),
      by(erisa('pending', 'erisaAdminName', 'Acme HR', null), 'u-admin', 'SLF_ADMIN'),
      by(erisa('pending', 'erisaPlanYearEnd', '12/31', null), 'u-owner', 'SLF_OWNER'),
    ];
    const [net] = netChanges(records);
    expect(net?.details.map((d) => [d.attributeKey, d.authors.map((a) => a.id)])).toEqual([
      ['erisaAdminName', ['u-admin']],
      ['erisaPlanNumber', ['u-admin']],
      ['erisaPlanYearEnd', ['u-owner']],
    ]);
    expect(pendingAnswerCount(netChanges(records))).toBe(3);
  });

  it('given two people changed one answer, then both are named, each at their latest change, oldest first', () => {
    const first = by(erisa('pending', 'erisaPlanNumber', '501', null), 'u-admin', 'SLF_ADMIN');
    const second = by(erisa('pending', 'erisaPlanNumber', '502', '501'), 'u-ben', 'BEN_ADMIN');
    const third = by(erisa('pending', 'erisaPlanNumber', '503', '502'), 'u-admin', 'SLF_ADMIN');
    const detail = netChanges([first, second, third])[0]!.details[0]!;
    expect(detail.authors).toEqual([
      { id: 'u-ben', role: 'BEN_ADMIN', at: second.createdAt },
      { id: 'u-admin', role: 'SLF_ADMIN', at: third.createdAt },
    ]);
    expect(detail.changedAt).toBe(third.createdAt);
    expect(pendingAnswerCount(netChanges([first, second, third]))).toBe(1);
  });

  it('given an answer accepted before, then only the authors since the accepted value are named', () => {
    const accepted = by(erisa('accepted', 'erisaPlanNumber', '501', null), 'u-admin', 'SLF_ADMIN');
    const later = by(erisa('pending', 'erisaPlanNumber', '502', '501'), 'u-ben', 'BEN_ADMIN');
    expect(netChanges([accepted, later])[0]!.details[0]!.authors.map((a) => a.id)).toEqual(['u-ben']);
  });

  it('counts an entity added or removed as one change, whatever its answers', () => {
    const records = [
      record(
        'create',
        'pending',
        [
          ['city', 'Oslo', null],
          ['zip', '0150', null],
        ],
        'loc-9',
      ),
      record('delete', 'pending', [], 'loc-8'),
    ];
    expect(pendingAnswerCount(netChanges(records))).toBe(2);
  });
});

describe('a decision by the answer on change records', () => {
  it('given one answer of a change accepted and another declined, then each answer has its status and the record is decided once all are', () => {
    const change = record('update', 'pending', [
      ['city', 'Rome', 'Oslo'],
      ['zip', '0150', null],
    ]);
    const accepted = decideRecords([change], {
      status: 'accepted',
      changeIds: [],
      answers: [{ changeId: change.id, attributeKeys: ['city'] }],
    });
    expect(accepted[0]!.status).toBe('pending');
    expect(accepted[0]!.changeDetails.map((d) => d.status)).toEqual(['accepted', 'pending']);
    const both = decideRecords(accepted, {
      status: 'declined',
      changeIds: [],
      answers: [{ changeId: change.id, attributeKeys: ['zip'] }],
    });
    expect(both[0]!.status).toBe('accepted');
    expect(both[0]!.changeDetails.map((d) => d.status)).toEqual(['accepted', 'declined']);
    const [net] = netChanges(both);
    expect(net?.details.map((d) => [d.attributeKey, d.status])).toEqual([
      ['city', 'accepted'],
      ['zip', 'declined'],
    ]);
  });

  it('leaves records it does not decide as they are (the same objects)', () => {
    const change = update('pending', 'city', 'Rome', 'Oslo');
    expect(decideRecords([change], { status: 'accepted', changeIds: ['other'] })[0]).toBe(change);
  });
});
