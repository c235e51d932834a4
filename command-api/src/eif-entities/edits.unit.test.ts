import { describe, expect, it } from 'vitest';
import {
  NotFoundError,
  RuleError,
  ValidationError,
  fold,
  toEditingView,
  type AppError,
  type ClientView,
  type FieldDef,
} from '@onboard/domain';
import { decideEntityEdits, type EntityEdit } from './edits.ts';
import type { EntityForms } from './forms.ts';

// The mechanism with a field list of its own: the real EIF forms are exercised over HTTP in
// platform/src/eif-entities.int.test.ts.
const LOCATION: FieldDef[] = [
  { key: 'name', label: 'Name', kind: 'text', required: true },
  { key: 'zipCode', label: 'Zip', kind: 'zip' },
];
const CONTACT: FieldDef[] = [
  { key: 'firstName', label: 'First name', kind: 'text', required: true },
  { key: 'scope', label: 'Scope', kind: 'choice', enumeration: { codes: ['ALL', 'SOME'], labels: {} } },
  { key: 'locationIds', label: 'Where', kind: 'locations', required: true, when: (v) => v.scope === 'SOME' },
];
const forms: EntityForms = {
  fieldsOf: (entity, item) => {
    if (entity === 'Location') return LOCATION;
    if (entity === 'Contact') return item.type === 'ADMIN' || item.type === 'OWNER' ? CONTACT : null;
    if (entity === 'Client') return [{ key: 'answer', label: 'Answer', kind: 'boolean' }];
    return [];
  },
  fixedKeysOf: (entity) => (entity === 'Contact' ? ['type'] : []),
  maxItemsOf: (entity, fixed) => (entity === 'Contact' && fixed.type === 'OWNER' ? 1 : undefined),
};

const clientId = 'c1';

function viewWith(entities: { entity: string; entityId: string; attributes: Record<string, unknown> }[]) {
  const state = fold([
    { type: 'EifEntityCreated', data: { clientId, entity: 'Client', entityId: clientId, attributes: {} } },
    ...entities.map((e) => ({ type: 'EifEntityCreated' as const, data: { clientId, ...e } })),
  ] as Parameters<typeof fold>[0]);
  return toEditingView(state, 1n) as ClientView;
}

const run = (view: ClientView, edits: EntityEdit[]) => {
  let n = 0;
  return decideEntityEdits(view, forms, edits, { clientId, newChangeId: () => `change-${++n}` });
};
const errorsOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ValidationError) return error.validationError;
    throw error;
  }
  throw new Error('expected a validation error');
};

type Creation = Extract<EntityEdit, { action: 'create' }>;
/** An edit that creates an entity with the values sent, its messages keyed under `errorPrefix`. */
const creation = (
  entity: Creation['entity'],
  entityId: string,
  values: Creation['values'],
  errorPrefix: string,
): Creation => ({ action: 'create', entity, entityId, values, errorPrefix });

describe('decideEntityEdits', () => {
  const office = { entity: 'Location', entityId: 'l1', attributes: { name: 'Office', zipCode: null } };
  /** Ann, a contact of the given type for the office only. */
  const ann = (type: string) => ({
    entity: 'Contact',
    entityId: 'p1',
    attributes: { type, firstName: 'Ann', scope: 'SOME', locationIds: ['l1'] },
  });

  it('creates with every question stored (blank as null), fixed attributes set, each edit its own change', () => {
    const commands = run(viewWith([office]), [
      creation('Location', 'l2', { name: ' Depot ' }, 'body.'),
      creation('Contact', 'p1', ann('ADMIN').attributes, 'body.'),
    ]);
    expect(commands).toEqual([
      expect.objectContaining({
        type: 'CreateEntity',
        data: expect.objectContaining({
          entityId: 'l2',
          attributes: { name: 'Depot', zipCode: null },
          changeId: 'change-1',
        }),
      }),
      expect.objectContaining({
        type: 'CreateEntity',
        data: expect.objectContaining({
          attributes: ann('ADMIN').attributes,
          changeId: 'change-2',
        }),
      }),
    ]);
  });

  it('collects every message of every item, keyed by where it was sent', () => {
    expect(
      errorsOf(() =>
        run(viewWith([office]), [
          creation('Location', 'x', { zipCode: '1', extra: 1 }, 'body.items.0.'),
          creation('Contact', 'y', { firstName: 'A' }, 'body.items.1.'),
          creation('Contact', 'z', { type: 'GUEST' }, 'body.items.2.'),
          creation(
            'Contact',
            'w',
            { type: 'ADMIN', firstName: 'B', scope: 'SOME', locationIds: ['elsewhere'] },
            'body.items.3.',
          ),
        ]),
      ),
    ).toEqual({
      'body.items.0.name': 'Please provide a response',
      'body.items.0.zipCode': 'Zip code needs to be in the format ##### or #####-####',
      'body.items.0.extra': 'This question is not part of this form',
      'body.items.1.type': 'Please provide a response',
      'body.items.2.type': 'Choose one of the options',
      'body.items.3.locationIds': 'Choose one of the options',
    });
  });

  it('updates only what is sent, clears hidden follow-ups, and refuses a changed fixed attribute', () => {
    const view = viewWith([office, ann('ADMIN')]);
    expect(
      run(view, [
        {
          action: 'update',
          entity: 'Contact',
          entityId: 'p1',
          values: { type: 'ADMIN', scope: 'ALL' },
          errorPrefix: '',
        },
      ]),
    ).toEqual([
      expect.objectContaining({
        type: 'ChangeAttributes',
        data: expect.objectContaining({ attributes: { scope: 'ALL', locationIds: null } }),
      }),
    ]);
    expect(
      errorsOf(() =>
        run(view, [
          { action: 'update', entity: 'Contact', entityId: 'p1', values: { type: 'OWNER' }, errorPrefix: '' },
        ]),
      ),
    ).toEqual({ type: 'This question is not part of this form' });
    expect(() =>
      run(view, [{ action: 'update', entity: 'Location', entityId: 'nope', values: {}, errorPrefix: '' }]),
    ).toThrow(NotFoundError);
  });

  it('refuses a delete of a location still chosen, and an item beyond the list’s maximum', () => {
    const view = viewWith([office, ann('OWNER')]);
    const inUse = (() => {
      try {
        run(view, [{ action: 'delete', entity: 'Location', entityId: 'l1' }]);
      } catch (error) {
        return error as AppError;
      }
      return null;
    })();
    expect(inUse).toMatchObject({ status: 409, code: 'IN_USE' });
    expect(inUse?.message).toBe('This location is still chosen in 1 contact. Remove it there first.');
    expect(() => run(view, [creation('Contact', 'p2', { type: 'OWNER', firstName: 'B' }, '')])).toThrow(
      RuleError,
    );
    expect(run(view, [{ action: 'delete', entity: 'Contact', entityId: 'p1' }])).toEqual([
      expect.objectContaining({
        type: 'DeleteEntity',
        data: expect.objectContaining({ entity: 'Contact', entityId: 'p1' }),
      }),
    ]);
  });
});
