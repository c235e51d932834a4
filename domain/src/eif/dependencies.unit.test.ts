import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EifEntity, EifEvent } from '@onboard/events';
import { givenWhenThen, eventsOf } from '../testing/given-when-then.ts';
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
import { netChanges, type ChangeRecord } from './net-changes.ts';

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
  {
    type: 'EifSigned',
    data: {
      clientId,
      signerKind: 'AUTHORIZED_SIGNER',
      by: benAdmin,
      outsideSignerActionId: null,
      at: '2026-11-01T00:00:00.000Z',
    },
  },
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

// ---- Properties over random sequences of edits and decisions ----

const ENTITIES = ['Location', 'EmployeeClass', 'EmployeeClassPlan'] as const;
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
  | { kind: 'update'; pick: number; value: unknown; byStaff: boolean }
  | { kind: 'delete'; pick: number; byStaff: boolean }
  | { kind: 'accept' | 'decline'; pick: number; isAll: boolean }
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
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(20), byStaff: fc.boolean() }),
  fc.record({
    kind: fc.constantFrom('accept' as const, 'decline' as const),
    pick: fc.nat(20),
    isAll: fc.boolean(),
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
          attributes: { name: s.value },
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
      const changeIds = s.isAll ? 'all' : [chosen.changeId];
      return s.kind === 'accept'
        ? command('AcceptChanges', { changeIds }, index, staff)
        : command('DeclineChanges', { changeIds, reason: 'Not agreed' }, index, staff);
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
  const records: ChangeRecord[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'EifEntityCreated':
      case 'EifEntityChanged':
      case 'EifEntityDeleted': {
        const pending = event.data.pending;
        if (!pending) break;
        const details =
          event.type === 'EifEntityCreated'
            ? Object.entries(event.data.attributes).map(([attributeKey, value]) => ({
                attributeKey,
                value,
                previousValue: null,
              }))
            : event.type === 'EifEntityChanged'
              ? event.data.changes
              : [];
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
      case 'EifIcEditsUndone': {
        const status = event.type === 'EifChangesAccepted' ? 'accepted' : 'declined';
        const ids = new Set(event.data.changeIds);
        for (const record of records) {
          if (!ids.has(record.id) || record.status !== 'pending') continue;
          record.status = status;
          for (const detail of record.changeDetails) detail.status = status;
        }
        break;
      }
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
    if (record.status !== 'accepted') continue;
    const key = entityKey(record.entity, record.entityId);
    const values = Object.fromEntries(record.changeDetails.map((d) => [d.attributeKey, d.value]));
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

        // 2. The records' statuses follow the decisions: pending exactly where the form says so.
        const records = changeRecords(events);
        expect(records.filter((r) => r.status === 'pending').map((r) => r.id)).toEqual(
          state.pending.map((c) => c.changeId),
        );

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
        numRuns: 300,
        // A fixed seed keeps CI repeatable; the example is a sequence a random run once found (an older
        // update of an answer accepted after a newer one brought the older value back).
        seed: 20261125,
        examples: [
          [
            [
              { kind: 'update', pick: 0, value: false, byStaff: false },
              { kind: 'update', pick: 0, value: null, byStaff: false },
              { kind: 'accept', pick: 7, isAll: false },
              { kind: 'accept', pick: 0, isAll: false },
            ],
          ],
        ],
      },
    );
  });
});
