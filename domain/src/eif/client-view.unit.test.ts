import { describe, expect, it } from 'vitest';
import type { EifEvent } from '@onboard/events';
import { stateOfSnapshot, toClientView, toDocument, toEditingView } from './client-view.ts';
import { fold, initialState } from './decider.ts';
import { signedBy } from '../testing/eif-events.ts';

const clientId = 'c-1';
const by = { userId: 'u-ben', role: 'BEN_ADMIN' };
const pending = (changeId: string) => ({ pending: { changeId, at: '2026-11-02T10:00:00Z', by } });
const plan = (entityId: string, name: string, changeId?: string): EifEvent => ({
  type: 'EifEntityCreated',
  data: {
    clientId,
    entity: 'Plan',
    entityId,
    attributes: { name },
    ...(changeId ? pending(changeId) : {}),
  },
});

const events: EifEvent[] = [
  {
    type: 'EifEntityCreated',
    data: { clientId, entity: 'Client', entityId: clientId, attributes: { name: 'Acme', taxId: null } },
  },
  plan('p-b', 'Dental'),
  plan('p-a', 'Vision'),
  signedBy(clientId, by),
  plan('p-c', 'Life', 'ch-1'),
  {
    type: 'EifEntityChanged',
    data: {
      clientId,
      entity: 'Client',
      entityId: clientId,
      changes: [{ attributeKey: 'name', value: 'Acme Inc.', previousValue: 'Acme' }],
      ...pending('ch-2'),
    },
  },
];

describe('the client views', () => {
  const state = fold(events);

  it('shows the accepted answers with the collections sorted by id, pending changes apart', () => {
    const view = toClientView(state, 5n)!;
    expect(view.name).toBe('Acme');
    expect(view.version).toBe(5);
    expect(view.plans).toEqual([
      { id: 'p-a', name: 'Vision' },
      { id: 'p-b', name: 'Dental' },
    ]);
    expect(view.pendingChanges.map((c) => c.changeId)).toEqual(['ch-1', 'ch-2']);
  });

  it('shows the form as its editor sees it: pending creations and edits applied, same shape', () => {
    const accepted = toClientView(state, 5n)!;
    const editing = toEditingView(state, 5n)!;
    expect(editing.name).toBe('Acme Inc.');
    expect(editing.plans.map((p) => p.id)).toEqual(['p-a', 'p-b', 'p-c']);
    expect(Object.keys(editing)).toEqual(Object.keys(accepted));
    expect({ ...editing, name: accepted.name, plans: accepted.plans }).toEqual(accepted);
  });

  it('is null before the client exists', () => {
    expect(toEditingView(fold([]), -1n)).toBeNull();
    expect(toClientView(fold([]), -1n)).toBeNull();
  });
});

describe('the form from a kept snapshot', () => {
  it('is the empty form without a snapshot, and the snapshot’s form with one', () => {
    expect(stateOfSnapshot(undefined)).toEqual(initialState());
    const form = fold(events);
    expect(stateOfSnapshot(toDocument(form)!)).toEqual(form);
  });
});
