import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EifEntity, EifEvent } from '@onboard/events';
import { givenWhenThen, eventsOf, refusalOf } from '../testing/given-when-then.ts';
import {
  effectiveEntities,
  eifDecider,
  entityKey,
  evolve,
  fold,
  isSameValue,
  type EifCommand,
  type EifState,
  type EntityState,
  type OpenEifState,
} from './decider.ts';
import { decideRecords, netChanges, type ChangeRecord } from './net-changes.ts';
import { changedAttributes } from './change-log.ts';
import { signedBy } from '../testing/eif-events.ts';

const clientId = 'c-1';
const benAdmin = { userId: 'u-ben', role: 'BEN_ADMIN' };
const staff = { userId: 'u-ic', role: 'SLF_ADMIN' };

const entityEvent = (entity: EifEntity, entityId: string, attributes: Record<string, unknown>): EifEvent => ({
  type: 'EifEntityCreated',
  data: { clientId, entity, entityId, attributes },
});

/** The signed form every sequence starts from: a location, a class and its plan. */
const signedForm: EifEvent[] = [
  entityEvent('Client', clientId, { name: 'Acme', taxId: '111111111' }),
  entityEvent('Location', 'loc-0', { name: 'a' }),
  entityEvent('EmployeeClass', 'cls-0', { name: 'a' }),
  entityEvent('EmployeeClassPlan', 'cp-0', { name: 'a', employeeClassId: 'cls-0' }),
  signedBy(clientId, benAdmin, '2026-11-01T00:00:00.000Z'),
];

const open = (state: EifState): OpenEifState => {
  if (state.status === 'empty') throw new Error('no form');
  return state;
};

const at = (step: number) => new Date(Date.UTC(2026, 10, 2) + step * 60_000).toISOString();

const command = <T extends EifCommand['type']>(
  type: T,
  data: Omit<Extract<EifCommand, { type: T }>['data'], 'clientId'>,
  step: number,
  by = benAdmin,
) => ({ type, data: { clientId, ...data }, metadata: { at: at(step), by } }) as EifCommand;

const given = givenWhenThen(eifDecider);

describe('deciding a change settles the changes resting on it', () => {
  it('declining a pending creation of a class declines its later pending changes and deletion', () => {
    const history = [
      ...signedForm,
      ...eventsOf(
        given(...signedForm).when(
          command(
            'CreateEntity',
            { entity: 'EmployeeClass', entityId: 'cls-1', changeId: 'ch-1', attributes: { name: 'New' } },
            1,
          ),
        ),
      ),
    ];
    const edits = [
      command(
        'ChangeAttributes',
        { entity: 'EmployeeClass', entityId: 'cls-1', changeId: 'ch-2', attributes: { name: 'Renamed' } },
        2,
      ),
      command(
        'CreateEntity',
        {
          entity: 'EmployeeClassPlan',
          entityId: 'cp-1',
          changeId: 'ch-3',
          attributes: { employeeClassId: 'cls-1' },
        },
        3,
      ),
      command('DeleteEntity', { entity: 'EmployeeClass', entityId: 'cls-1', changeId: 'ch-4' }, 4),
    ];
    for (const edit of edits) history.push(...eventsOf(given(...history).when(edit)));
    const decision = given(...history).when(
      command('DeclineChanges', { changeIds: ['ch-1'], reason: 'No new class' }, 5),
    );
    expect(eventsOf(decision)).toEqual([
      {
        type: 'EifChangesDeclined',
        data: {
          clientId,
          changeIds: ['ch-1', 'ch-2', 'ch-3', 'ch-4'],
          reason: 'No new class',
          by: benAdmin,
          at: at(5),
        },
      },
    ]);
  });

  it('accepting a deletion accepts the updates made before it; accepting a plan accepts its class', () => {
    const history = [...signedForm];
    const edits = [
      command(
        'ChangeAttributes',
        { entity: 'Location', entityId: 'loc-0', changeId: 'ch-1', attributes: { name: 'b' } },
        1,
      ),
      command('DeleteEntity', { entity: 'Location', entityId: 'loc-0', changeId: 'ch-2' }, 2),
      command(
        'CreateEntity',
        { entity: 'EmployeeClass', entityId: 'cls-1', changeId: 'ch-3', attributes: { name: 'New' } },
        3,
      ),
      command(
        'CreateEntity',
        {
          entity: 'EmployeeClassPlan',
          entityId: 'cp-1',
          changeId: 'ch-4',
          attributes: { employeeClassId: 'cls-1' },
        },
        4,
      ),
    ];
    for (const edit of edits) history.push(...eventsOf(given(...history).when(edit)));
    const accepted = (ids: string[]) => {
      const events = eventsOf(given(...history).when(command('AcceptChanges', { changeIds: ids }, 5)));
      return events[0]?.type === 'EifChangesAccepted' ? events[0].data.changeIds : [];
    };
    expect(accepted(['ch-2'])).toEqual(['ch-1', 'ch-2']);
    expect(accepted(['ch-4'])).toEqual(['ch-3', 'ch-4']);
    expect(accepted(['ch-1'])).toEqual(['ch-1']);
  });

  it('a class is removed with its plans: accepting its removal accepts theirs, declining theirs keeps the class', () => {
    const history = [...signedForm];
    const edits = [
      command('DeleteEntity', { entity: 'EmployeeClassPlan', entityId: 'cp-0', changeId: 'ch-1' }, 1),
      command('DeleteEntity', { entity: 'EmployeeClass', entityId: 'cls-0', changeId: 'ch-2' }, 2),
    ];
    for (const edit of edits) history.push(...eventsOf(given(...history).when(edit)));
    const [accepted] = eventsOf(given(...history).when(command('AcceptChanges', { changeIds: ['ch-2'] }, 3)));
    expect(accepted?.type === 'EifChangesAccepted' && accepted.data.changeIds).toEqual(['ch-1', 'ch-2']);
    const [declined] = eventsOf(
      given(...history).when(command('DeclineChanges', { changeIds: ['ch-1'], reason: 'Keep the plan' }, 3)),
    );
    expect(declined?.type === 'EifChangesDeclined' && declined.data.changeIds).toEqual(['ch-1', 'ch-2']);
  });

  it('undoing the consultant’s creation withdraws the client’s edits of that entity', () => {
    const history = [...signedForm];
    const edits = [
      command(
        'CreateEntity',
        { entity: 'Location', entityId: 'loc-1', changeId: 'ch-1', attributes: { name: 'x' } },
        1,
        staff,
      ),
      command(
        'ChangeAttributes',
        { entity: 'Location', entityId: 'loc-1', changeId: 'ch-2', attributes: { name: 'y' } },
        2,
      ),
      command(
        'ChangeAttributes',
        { entity: 'Location', entityId: 'loc-0', changeId: 'ch-3', attributes: { name: 'z' } },
        3,
      ),
    ];
    for (const edit of edits) history.push(...eventsOf(given(...history).when(edit)));
    const events = eventsOf(given(...history).when(command('UndoIcEdits', {}, 4, staff)));
    expect(events[0]?.type === 'EifIcEditsUndone' && events[0].data.changeIds).toEqual(['ch-1', 'ch-2']);
  });
});

describe('deciding by the answer', () => {
  /** The signed form with the edits made, in turn, after it. */
  const after = (...edits: EifCommand[]) => {
    const history = [...signedForm];
    for (const edit of edits) history.push(...eventsOf(given(...history).when(edit)));
    return history;
  };
  /** A class created (ch-1), then renamed and given a code (ch-2). */
  const newClassThenChanged = () => [
    command(
      'CreateEntity',
      { entity: 'EmployeeClass', entityId: 'cls-1', changeId: 'ch-1', attributes: { name: 'New' } },
      1,
    ),
    command(
      'ChangeAttributes',
      {
        entity: 'EmployeeClass',
        entityId: 'cls-1',
        changeId: 'ch-2',
        attributes: { name: 'Renamed', code: 'R' },
      },
      2,
    ),
  ];
  const answer = (entity: string, entityId: string, attributeKey: string) => ({
    entity,
    entityId,
    attributeKey,
  });
  const renameLocation = (changeId: string, attributes: Record<string, unknown>, n: number, by = benAdmin) =>
    command('ChangeAttributes', { entity: 'Location', entityId: 'loc-0', changeId, attributes }, n, by);
  /** Staff's acceptance at step n: the changes accepted whole, and the answers accepted one by one. */
  const acceptedByStaff = (
    changeIds: string[],
    answers: { changeId: string; attributeKeys: string[] }[],
    n: number,
  ) => ({
    ok: true,
    events: [{ type: 'EifChangesAccepted', data: { clientId, changeIds, answers, by: staff, at: at(n) } }],
  });

  it('given one change of two answers, when one answer is accepted, then only it joins the form and the other stays pending', () => {
    const history = after(renameLocation('ch-1', { name: 'Plant', code: 'P1' }, 1));
    expect(
      given(...history).when(
        command('AcceptChanges', { changeIds: [], answers: [answer('Location', 'loc-0', 'name')] }, 2, staff),
      ),
    ).toEqual(acceptedByStaff([], [{ changeId: 'ch-1', attributeKeys: ['name'] }], 2));
    const events = eventsOf(
      given(...history).when(
        command('AcceptChanges', { changeIds: [], answers: [answer('Location', 'loc-0', 'name')] }, 2, staff),
      ),
    );
    const state = open(fold([...history, ...events]));
    expect(state.entities.get('Location:loc-0')?.attributes).toEqual({ name: 'Plant' });
    expect(state.pending.map((c) => [c.changeId, c.attributes, c.previous])).toEqual([
      ['ch-1', { code: 'P1' }, { code: null }],
    ]);
  });

  it('given one answer accepted, when the other is declined with a reason, then the change is settled and the form keeps the accepted answer', () => {
    const history = after(renameLocation('ch-1', { name: 'Plant', code: 'P1' }, 1));
    history.push(
      ...eventsOf(
        given(...history).when(
          command(
            'AcceptChanges',
            { changeIds: [], answers: [answer('Location', 'loc-0', 'name')] },
            2,
            staff,
          ),
        ),
      ),
    );
    const decline = command(
      'DeclineChanges',
      { changeIds: [], answers: [answer('Location', 'loc-0', 'code')], reason: 'Not our code' },
      3,
      staff,
    );
    expect(given(...history).when(decline)).toEqual({
      ok: true,
      events: [
        {
          type: 'EifChangesDeclined',
          data: {
            clientId,
            changeIds: ['ch-1'],
            reason: 'Not our code',
            by: staff,
            at: at(3),
          },
        },
      ],
    });
    const state = open(fold([...history, ...eventsOf(given(...history).when(decline))]));
    expect(state.pending).toEqual([]);
    expect(state.entities.get('Location:loc-0')?.attributes).toEqual({ name: 'Plant' });
  });

  it('given an answer changed by two people, when it is accepted, then the earlier change of that answer goes with it, and nothing else', () => {
    const history = after(
      renameLocation('ch-1', { name: 'Plant', code: 'P1' }, 1, staff),
      renameLocation('ch-2', { name: 'Plant 2' }, 2),
    );
    expect(
      given(...history).when(
        command('AcceptChanges', { changeIds: [], answers: [answer('Location', 'loc-0', 'name')] }, 3, staff),
      ),
    ).toEqual(acceptedByStaff(['ch-2'], [{ changeId: 'ch-1', attributeKeys: ['name'] }], 3));
  });

  it('given a new class and a later change of it, when an answer of the change is accepted, then the class is accepted with it', () => {
    const history = after(...newClassThenChanged());
    const events = eventsOf(
      given(...history).when(
        command(
          'AcceptChanges',
          { changeIds: [], answers: [answer('EmployeeClass', 'cls-1', 'code')] },
          3,
          staff,
        ),
      ),
    );
    expect(
      events[0]?.type === 'EifChangesAccepted' && [events[0].data.changeIds, events[0].data.answers],
    ).toEqual([['ch-1'], [{ changeId: 'ch-2', attributeKeys: ['code'] }]]);
    const state = open(fold([...history, ...events]));
    expect(state.entities.get('EmployeeClass:cls-1')?.attributes).toEqual({ name: 'New', code: 'R' });
    expect(state.pending.map((c) => [c.changeId, c.attributes])).toEqual([['ch-2', { name: 'Renamed' }]]);
  });

  it('given a new class with a later change partly accepted, when the class is declined, then it takes its later edits with it', () => {
    const history = after(
      ...newClassThenChanged(),
      command(
        'DeclineChanges',
        { changeIds: [], answers: [answer('EmployeeClass', 'cls-1', 'code')], reason: 'No code' },
        3,
        staff,
      ),
    );
    const events = eventsOf(
      given(...history).when(
        command('DeclineChanges', { changeIds: ['ch-1'], reason: 'No class' }, 4, staff),
      ),
    );
    expect(events[0]?.type === 'EifChangesDeclined' && events[0].data.changeIds).toEqual(['ch-1', 'ch-2']);
    expect(open(fold([...history, ...events])).pending).toEqual([]);
  });

  it('given both answers of a change chosen, then the change is decided whole', () => {
    const history = after(renameLocation('ch-1', { name: 'Plant', code: 'P1' }, 1));
    const events = eventsOf(
      given(...history).when(
        command(
          'AcceptChanges',
          {
            changeIds: [],
            answers: [answer('Location', 'loc-0', 'name'), answer('Location', 'loc-0', 'code')],
          },
          2,
          staff,
        ),
      ),
    );
    expect(events[0]?.data).toMatchObject({ changeIds: ['ch-1'] });
    expect(events[0]?.data).not.toHaveProperty('answers');
  });

  it('given no pending change of the answer chosen, then the decision is refused and nothing is written', () => {
    const history = after(renameLocation('ch-1', { name: 'Plant' }, 1));
    const acceptOther = command(
      'AcceptChanges',
      { changeIds: [], answers: [answer('Location', 'loc-0', 'code')] },
      2,
      staff,
    );
    expect(refusalOf(given(...history).when(acceptOther)).code).toBe('NOTHING_TO_REVIEW');
    const declineUnknown = command(
      'DeclineChanges',
      { changeIds: [], answers: [answer('Location', 'loc-9', 'name')], reason: 'No' },
      2,
      staff,
    );
    expect(refusalOf(given(...history).when(declineUnknown)).code).toBe('NOTHING_TO_REVIEW');
  });
});

// ---- Properties over random sequences of edits and decisions ----

const ENTITIES = ['Location', 'EmployeeClass', 'EmployeeClassPlan'] as const;
/**
 * The answers an update changes: one, or (more often) both at once, which a decision by the answer
 * splits.
 */
const ANSWERS = [['name'], ['code'], ['name', 'code'], ['name', 'code']] as const;
type Answers = (typeof ANSWERS)[number];
type Answer = 'name' | 'code';
const VALUES = [null, false, 'a', 'b', 'c'] as const;

type Step =
  | {
      kind: 'create';
      entity: (typeof ENTITIES)[number];
      reuse: boolean;
      pick: number;
      value: unknown;
      byStaff: boolean;
    }
  | { kind: 'update'; pick: number; value: unknown; byStaff: boolean; answers: Answers; other: unknown }
  | { kind: 'delete'; pick: number; byStaff: boolean }
  | { kind: 'accept' | 'decline'; pick: number; isAll: boolean; answer: Answer | null }
  | { kind: 'undo' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    entity: fc.constantFrom(...ENTITIES),
    reuse: fc.boolean(),
    pick: fc.nat(20),
    value: fc.constantFrom(...VALUES),
    byStaff: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('update' as const),
    pick: fc.nat(20),
    value: fc.constantFrom(...VALUES),
    byStaff: fc.boolean(),
    answers: fc.constantFrom<Answers>(...ANSWERS),
    other: fc.constantFrom(...VALUES),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(20), byStaff: fc.boolean() }),
  fc.record({
    kind: fc.constantFrom('accept' as const, 'decline' as const),
    pick: fc.nat(20),
    isAll: fc.constantFrom(false, false, false, true),
    answer: fc.constantFrom<Answer | null>(null, 'name', 'code'),
  }),
  fc.constant({ kind: 'undo' as const }),
);

const nthOf = <T>(items: readonly T[], pick: number): T | undefined =>
  items.length === 0 ? undefined : items[pick % items.length];

/** Turns an abstract step into the commands that make sense against the current form (or none). */
function commandsFor(s: Step, state: OpenEifState, index: number, knownIds: string[]): EifCommand[] {
  const one = commandFor(s, state, index, knownIds);
  if (!one || one.type !== 'DeleteEntity' || one.data.entity !== 'EmployeeClass') return one ? [one] : [];
  // A class goes with its plans, plans first, as the class builder removes it.
  const plans = [...effectiveEntities(state).values()].filter(
    (e) => e.entity === 'EmployeeClassPlan' && e.attributes.employeeClassId === one.data.entityId,
  );
  return [
    ...plans.map((plan, n) =>
      command(
        'DeleteEntity',
        { entity: 'EmployeeClassPlan', entityId: plan.entityId, changeId: `ch-${index}-${n}` },
        index,
        one.metadata.by,
      ),
    ),
    one,
  ];
}

function commandFor(s: Step, state: OpenEifState, index: number, knownIds: string[]): EifCommand | null {
  const effective = [...effectiveEntities(state).values()].filter((e) => e.entity !== 'Client');
  switch (s.kind) {
    case 'create': {
      // New entities get fresh ids, as the server makes them; `reuse` creates again an id deleted before.
      const gone = knownIds.filter(
        (key) => !effectiveEntities(state).has(key) && key.startsWith(`${s.entity}:`),
      );
      const reused = s.reuse ? nthOf(gone, s.pick) : undefined;
      const entityId = reused ? reused.slice(s.entity.length + 1) : `${s.entity}-${index}`;
      const attributes: Record<string, unknown> = { name: s.value };
      if (s.entity === 'EmployeeClassPlan') {
        const parent = nthOf(
          effective.filter((e) => e.entity === 'EmployeeClass'),
          s.pick,
        );
        if (!parent) return null;
        attributes.employeeClassId = parent.entityId;
      }
      return command(
        'CreateEntity',
        { entity: s.entity, entityId, changeId: `ch-${index}`, attributes },
        index,
        s.byStaff ? staff : benAdmin,
      );
    }
    case 'update': {
      const target = nthOf(effective, s.pick);
      if (!target) return null;
      return command(
        'ChangeAttributes',
        {
          entity: target.entity,
          entityId: target.entityId,
          changeId: `ch-${index}`,
          attributes: Object.fromEntries(s.answers.map((answer, n) => [answer, n === 0 ? s.value : s.other])),
        },
        index,
        s.byStaff ? staff : benAdmin,
      );
    }
    case 'delete': {
      const target = nthOf(effective, s.pick);
      if (!target) return null;
      return command(
        'DeleteEntity',
        { entity: target.entity, entityId: target.entityId, changeId: `ch-${index}` },
        index,
        s.byStaff ? staff : benAdmin,
      );
    }
    case 'accept':
    case 'decline': {
      const chosen = nthOf(state.pending, s.pick);
      if (!chosen) return null;
      // By the answer: the chosen change's entity and one of its answers, whatever changes touch it.
      const byAnswer = !s.isAll && s.answer && s.answer in chosen.attributes;
      const choice = byAnswer
        ? {
            changeIds: [],
            answers: [{ entity: chosen.entity, entityId: chosen.entityId, attributeKey: s.answer! }],
          }
        : { changeIds: s.isAll ? ('all' as const) : [chosen.changeId] };
      return s.kind === 'accept'
        ? command('AcceptChanges', choice, index, staff)
        : command('DeclineChanges', { ...choice, reason: 'Not agreed' }, index, staff);
    }
    case 'undo':
      return command('UndoIcEdits', {}, index, staff);
    default: {
      const unknown: never = s;
      throw new Error(`Unknown step ${JSON.stringify(unknown)}`);
    }
  }
}

/** The change records of the events after signing, as the change-log read model keeps them. */
function changeRecords(events: readonly EifEvent[]): ChangeRecord[] {
  let records: ChangeRecord[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'EifEntityCreated':
      case 'EifEntityChanged':
      case 'EifEntityDeleted': {
        const pending = event.data.pending;
        if (!pending) break;
        const details = changedAttributes(event);
        records.push({
          id: pending.changeId,
          action:
            event.type === 'EifEntityCreated'
              ? 'create'
              : event.type === 'EifEntityChanged'
                ? 'update'
                : 'delete',
          entity: event.data.entity,
          entityId: event.data.entityId,
          createdAt: pending.at,
          createdByUser: { id: pending.by.userId, role: pending.by.role },
          status: 'pending',
          changeDetails: details.map((d) => ({ ...d, status: 'pending', createdAt: pending.at })),
        });
        break;
      }
      case 'EifChangesAccepted':
      case 'EifChangesDeclined':
      case 'EifIcEditsUndone':
        // The read models' own rule (projections/src/net-changes.ts).
        records = decideRecords(records, {
          status: event.type === 'EifChangesAccepted' ? 'accepted' : 'declined',
          changeIds: event.data.changeIds,
          answers: 'answers' in event.data ? event.data.answers : undefined,
        });
        break;
      default:
        break;
    }
  }
  return records;
}

/** The signed form with the accepted change records applied in the order they were made. */
function replayAccepted(signed: OpenEifState, records: readonly ChangeRecord[]) {
  const entities = new Map<string, Record<string, unknown>>(
    [...signed.entities].map(([key, e]) => [key, { ...e.attributes }]),
  );
  for (const record of records) {
    // An update applies its accepted answers; a creation or deletion is decided whole.
    const isApplied =
      record.action === 'update'
        ? record.changeDetails.some((d) => d.status === 'accepted')
        : record.status === 'accepted';
    if (!isApplied) continue;
    const key = entityKey(record.entity, record.entityId);
    const values = Object.fromEntries(
      record.changeDetails.filter((d) => d.status === 'accepted').map((d) => [d.attributeKey, d.value]),
    );
    if (record.action === 'create') entities.set(key, values);
    else if (record.action === 'delete') entities.delete(key);
    else entities.set(key, { ...entities.get(key), ...values });
  }
  return entities;
}

const attributesOf = (entities: ReadonlyMap<string, EntityState>) =>
  new Map([...entities].map(([key, e]) => [key, e.attributes]));

describe('random sequences of edits and decisions', () => {
  it('keep the pending changes applicable, the accepted form the replay of the accepted changes, and the net changes true to it', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const events: EifEvent[] = [];
        let state = open(fold(signedForm));
        const signed = state;
        const knownIds = new Set(signed.entities.keys());
        steps.forEach((s, index) => {
          for (const next of commandsFor(s, state, index + 1, [...knownIds])) {
            const decision = eifDecider.decide(next, state);
            if (!decision.ok) continue;
            for (const event of decision.events) {
              events.push(event);
              state = open(evolve(state, event));
              if ('entityId' in event.data) knownIds.add(entityKey(event.data.entity, event.data.entityId));
            }
          }
        });

        // 1. No change stays pending for an entity the accepted form cannot apply it to: applied in
        //    order, each pending change finds its entity (or, for a creation, its absence) and a created
        //    class plan finds its class.
        const form = new Map(state.entities);
        for (const change of state.pending) {
          const key = entityKey(change.entity, change.entityId);
          if (change.action === 'create') {
            expect(form.has(key), `pending creation of existing ${key}`).toBe(false);
            if (change.entity === 'EmployeeClassPlan')
              expect(form.has(entityKey('EmployeeClass', String(change.attributes.employeeClassId)))).toBe(
                true,
              );
            form.set(key, {
              entity: change.entity,
              entityId: change.entityId,
              attributes: change.attributes,
            });
          } else {
            expect(form.has(key), `pending ${change.action} of missing ${key}`).toBe(true);
            if (change.action === 'delete') form.delete(key);
            else
              form.set(key, {
                ...form.get(key)!,
                attributes: { ...form.get(key)!.attributes, ...change.attributes },
              });
          }
        }

        // 1b. Every class plan of the accepted form, and of the form with the pending changes applied,
        //     has its class.
        for (const entities of [state.entities, form]) {
          for (const entity of entities.values()) {
            if (entity.entity !== 'EmployeeClassPlan') continue;
            const named = entityKey('EmployeeClass', String(entity.attributes.employeeClassId));
            expect(entities.has(named), `${entity.entityId} without its class`).toBe(true);
          }
        }

        // 2. The records' statuses follow the decisions: pending exactly where the form says so, down to
        //    the answers of a change decided in part.
        const records = changeRecords(events);
        expect(records.filter((r) => r.status === 'pending').map((r) => r.id)).toEqual(
          state.pending.map((c) => c.changeId),
        );
        for (const change of state.pending) {
          const record = records.find((r) => r.id === change.changeId)!;
          expect(
            record.changeDetails
              .filter((d) => d.status === 'pending')
              .map((d) => d.attributeKey)
              .sort(),
          ).toEqual(Object.keys(change.attributes).sort());
        }

        // 3. The accepted form is the signed form with the accepted changes applied in order.
        expect(attributesOf(state.entities)).toEqual(replayAccepted(signed, records));

        // 4. The net changes agree with the accepted form: an answer's accepted value is the net value
        //    when accepted, else the value it would replace; an accepted deletion leaves no entity.
        for (const net of netChanges(records)) {
          const key = entityKey(net.entity, net.entityId);
          // The spec's rules speak of an entity created once, or never: an id created again is left out.
          const creations = records.filter(
            (r) => r.action === 'create' && entityKey(r.entity, r.entityId) === key,
          );
          if (creations.length > 1 || (creations.length === 1 && signed.entities.has(key))) continue;
          const acceptedEntity = state.entities.get(key);
          if (net.action === 'delete' && net.status === 'accepted') expect(acceptedEntity).toBeUndefined();
          if (net.action === 'delete' && net.status === 'pending') expect(acceptedEntity).toBeDefined();
          if (net.action === 'create' && net.status === 'declined') expect(acceptedEntity).toBeUndefined();
          if (net.action === 'create' && net.status === 'accepted') expect(acceptedEntity).toBeDefined();
          for (const detail of net.details) {
            const acceptedValue = detail.status === 'accepted' ? detail.value : detail.previousValue;
            const actual = acceptedEntity?.attributes[detail.attributeKey] ?? null;
            expect(isSameValue(actual, acceptedValue), `${key}.${detail.attributeKey}`).toBe(true);
          }
        }
      }),
      {
        numRuns: 1000,
        // A fixed seed keeps CI repeatable; the example is a sequence a random run once found (an older
        // update of an answer accepted after a newer one brought the older value back).
        seed: 20261125,
        examples: [
          [
            [
              { kind: 'update', pick: 0, value: false, byStaff: false, answers: ['name'], other: null },
              { kind: 'update', pick: 0, value: null, byStaff: false, answers: ['name'], other: null },
              { kind: 'accept', pick: 7, isAll: false, answer: null },
              { kind: 'accept', pick: 0, isAll: false, answer: null },
            ],
          ],
          // One answer of a two-answer change accepted, the rest of the change declined whole: the
          // accepted answer stays accepted.
          [
            [
              {
                kind: 'update',
                pick: 0,
                value: null,
                byStaff: false,
                answers: ['name', 'code'],
                other: false,
              },
              { kind: 'accept', pick: 0, isAll: false, answer: 'name' },
              { kind: 'decline', pick: 0, isAll: false, answer: null },
              { kind: 'accept', pick: 0, isAll: false, answer: null },
            ],
          ],
        ],
      },
    );
  });
});
