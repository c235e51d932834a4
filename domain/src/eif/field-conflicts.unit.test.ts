import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import type { EifEvent } from '@onboard/events';
import { fieldConflicts, touchedAttributes, touchedByEvents, type LaterChange } from './field-conflicts.ts';

const clientId = 'c-1';
const by = { actorId: 'u-olivia', actorRole: 'SLF_OWNER', at: '2026-11-25T01:00:00Z' };
const changed = (
  entity: 'Client' | 'Location',
  entityId: string,
  values: Record<string, unknown>,
): LaterChange => ({
  ...by,
  event: {
    type: 'EifEntityChanged',
    data: {
      clientId,
      entity,
      entityId,
      changes: Object.entries(values).map(([attributeKey, value]) => ({
        attributeKey,
        value,
        previousValue: null,
      })),
    },
  } satisfies EifEvent,
});
const deleted = (entityId: string): LaterChange => ({
  ...by,
  event: { type: 'EifEntityDeleted', data: { clientId, entity: 'Location', entityId } },
});
const edit = (entity: 'Client' | 'Location', entityId: string, attributes: Record<string, unknown>) =>
  touchedAttributes([
    { type: 'ChangeAttributes', data: { clientId, entity, entityId, attributes, changeId: 'ch' } },
  ]);

describe('field-aware conflicts', () => {
  itAnswers(fieldConflicts, {
    'given a later change to another answer, an edit does not collide': [
      [[edit('Client', clientId, { ageRules: 'A' }), [changed('Client', clientId, { erisa: 'B' })]], []],
    ],
    'given a later change to the same answer of another item, an edit does not collide': [
      [[edit('Location', 'l-1', { city: 'Boston' }), [changed('Location', 'l-2', { city: 'Austin' })]], []],
    ],
    'given the same answer written by both, it is agreement, not a conflict': [
      [
        [edit('Client', clientId, { ageRules: 'SAME' }), [changed('Client', clientId, { ageRules: 'SAME' })]],
        [],
      ],
    ],
  });

  it('given a later change to the same answer, names both values and who changed it', () => {
    const conflicts = fieldConflicts(edit('Client', clientId, { ageRules: 'MINE', erisa: 'X' }), [
      changed('Client', clientId, { ageRules: 'FIRST' }),
      changed('Client', clientId, { ageRules: 'THEIRS' }),
    ]);
    expect(conflicts).toEqual([
      {
        entity: 'Client',
        entityId: clientId,
        attributeKey: 'ageRules',
        theirs: 'THEIRS',
        yours: 'MINE',
        changedBy: { userId: 'u-olivia', role: 'SLF_OWNER' },
        changedAt: '2026-11-25T01:00:00Z',
      },
    ]);
  });

  it('given an item deleted since, editing it collides; deleting an item changed since collides too', () => {
    expect(fieldConflicts(edit('Location', 'l-1', { city: 'Boston' }), [deleted('l-1')])).toMatchObject([
      { attributeKey: 'city', theirs: null, yours: 'Boston' },
    ]);
    const removal = touchedAttributes([
      { type: 'DeleteEntity', data: { clientId, entity: 'Location', entityId: 'l-1', changeId: 'ch' } },
    ]);
    expect(fieldConflicts(removal, [changed('Location', 'l-1', { city: 'Austin' })])).toMatchObject([
      { entity: 'Location', entityId: 'l-1', attributeKey: null },
    ]);
  });

  it('never counts a creation as touching anything', () => {
    expect(
      touchedAttributes([
        {
          type: 'CreateEntity',
          data: { clientId, entity: 'Location', entityId: 'l-9', attributes: { city: 'X' }, changeId: 'ch' },
        },
      ]),
    ).toEqual([]);
  });

  it('reads what events change: changed answers with their values, deleted items whole, never a creation', () => {
    const events: EifEvent[] = [
      changed('Location', 'l-1', { city: 'Boston', zip: '02110' }).event,
      deleted('l-2').event,
      {
        type: 'EifEntityCreated',
        data: { clientId, entity: 'Location', entityId: 'l-9', attributes: { city: 'X' } },
      },
    ];
    expect(touchedByEvents(events)).toEqual([
      { entity: 'Location', entityId: 'l-1', attributeKey: 'city', value: 'Boston' },
      { entity: 'Location', entityId: 'l-1', attributeKey: 'zip', value: '02110' },
      { entity: 'Location', entityId: 'l-2', attributeKey: null, value: null },
    ]);
  });

  it('given an item created since, deleting it collides (its editor never saw it); changing another does not', () => {
    const createdSince: LaterChange = {
      ...by,
      event: {
        type: 'EifEntityCreated',
        data: { clientId, entity: 'Location', entityId: 'l-new', attributes: { city: 'Austin' } },
      },
    };
    const removal = touchedByEvents([deleted('l-new').event]);
    expect(fieldConflicts(removal, [createdSince])).toEqual([
      expect.objectContaining({
        entity: 'Location',
        entityId: 'l-new',
        attributeKey: null,
        changedBy: { userId: 'u-olivia', role: 'SLF_OWNER' },
      }),
    ]);
    expect(fieldConflicts(edit('Location', 'l-1', { city: 'Boston' }), [createdSince])).toEqual([]);
  });

  it('given a class plan added since, writing other values to it names both; the same values agree', () => {
    const addedSince: LaterChange = {
      ...by,
      event: {
        type: 'EifEntityCreated',
        data: {
          clientId,
          entity: 'EmployeeClassPlan',
          entityId: 'cp-1',
          attributes: { employeeClassId: 'cls-1', planId: 'p-1', employerContributionPercentage: 80 },
        },
      },
    };
    const write = (value: number) =>
      touchedByEvents([
        {
          type: 'EifEntityChanged',
          data: {
            clientId,
            entity: 'EmployeeClassPlan',
            entityId: 'cp-1',
            changes: [{ attributeKey: 'employerContributionPercentage', value, previousValue: 80 }],
          },
        },
      ]);
    expect(fieldConflicts(write(60), [addedSince])).toEqual([
      expect.objectContaining({
        entity: 'EmployeeClassPlan',
        entityId: 'cp-1',
        attributeKey: 'employerContributionPercentage',
        theirs: 80,
        yours: 60,
        changedBy: { userId: 'u-olivia', role: 'SLF_OWNER' },
      }),
    ]);
    expect(fieldConflicts(write(80), [addedSince])).toEqual([]);
  });

  it('given a class deleted since, adding a plan to it collides on its plans; a class still there does not', () => {
    const adding = touchedByEvents([
      {
        type: 'EifEntityCreated',
        data: {
          clientId,
          entity: 'EmployeeClassPlan',
          entityId: 'cp-2',
          attributes: { employeeClassId: 'cls-1', planId: 'p-1', benefitType: 'BASIC_LIFE' },
        },
      },
    ]);
    expect(adding).toEqual([
      { entity: 'EmployeeClass', entityId: 'cls-1', attributeKey: 'plans', value: expect.any(String) },
    ]);
    const classDeleted: LaterChange = {
      ...by,
      event: { type: 'EifEntityDeleted', data: { clientId, entity: 'EmployeeClass', entityId: 'cls-1' } },
    };
    expect(fieldConflicts(adding, [classDeleted])).toEqual([
      expect.objectContaining({ entity: 'EmployeeClass', attributeKey: 'plans', theirs: null }),
    ]);
    expect(fieldConflicts(adding, [changed('Location', 'l-1', { city: 'X' })])).toEqual([]);
  });
});
