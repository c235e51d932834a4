import { describe, expect, it } from 'vitest';
import { eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import { demoFormDecider, type SeedFormCommand } from './demo-form.ts';

const seed: SeedFormCommand = {
  type: 'SeedForm',
  data: {
    clientId: 'c-1',
    entities: [{ entity: 'Client', entityId: 'c-1', attributes: { name: 'Lakeside Manufacturing Co.' } }],
  },
  metadata: { at: '2026-11-28T10:00:00.000Z', by: { userId: 'demo-owner', role: 'SLF_OWNER' } },
};
const created = {
  type: 'EifEntityCreated' as const,
  data: {
    clientId: 'c-1',
    entity: 'Client' as const,
    entityId: 'c-1',
    attributes: { name: 'Lakeside Manufacturing Co.' },
  },
};

describe("a demo client's form", () => {
  it('is seeded whole on an empty form', () => {
    expect(eventsOf(givenWhenThen(demoFormDecider)().when(seed))).toEqual([created]);
  });

  it('leaves a written form alone', () => {
    expect(refusalOf(givenWhenThen(demoFormDecider)(created).when(seed)).code).toBe('ALREADY_EXISTS');
  });
});
