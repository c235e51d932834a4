import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../store/port.ts';
import { PERSONAL_DATA } from './catalogue.ts';
import { openEvents, sealEvents } from './codec.ts';
import { scopeKey, type DataKey, type DataKeys } from './port.ts';
import { isSealed } from './seal.ts';

/** Data keys in memory: one per scope, destroyable, as the PostgreSQL service keeps them. */
function memoryKeys() {
  const byScope = new Map<string, DataKey>();
  const byId = new Map<string, Buffer | null>();
  const keys: DataKeys & { destroy: (scope: string) => void } = {
    async forSealing(scopes) {
      const found = new Map<string, DataKey>();
      for (const scope of scopes) {
        const name = scopeKey(scope);
        let key = byScope.get(name);
        if (!key) {
          key = { keyId: randomBytes(6).toString('base64url'), key: randomBytes(32) };
          byScope.set(name, key);
          byId.set(key.keyId, key.key);
        }
        found.set(name, key);
      }
      return found;
    },
    async forOpening(ids) {
      return new Map(ids.map((id) => [id, byId.get(id) ?? null]));
    },
    destroy(scope) {
      const key = byScope.get(scope)!;
      byId.set(key.keyId, null);
      byScope.delete(scope);
    },
  };
  return keys;
}

const metadata = {
  actorId: 'u1',
  actorRole: 'SLF_OWNER',
  occurredAt: '2026-01-01T00:00:00Z',
  correlationId: 'c',
};

const validated = (): NewEvent => ({
  id: randomUUID(),
  type: 'CensusValidated',
  metadata,
  data: {
    clientId: 'lakeside',
    policyId: 'p1',
    documentId: 'd1',
    report: {
      rows: 2,
      issues: [{ row: 2, field: 'ssn', rule: 'SSN_FORMAT', message: 'SSN 123-45-678 is short' }],
    },
    changes: {
      totals: { added: 1, removed: 0, changed: 0, unchanged: 0 },
      added: [{ key: 'E1', name: 'Ann Lee', employeeId: 'E1', relationship: 'Employee' }],
      removed: [],
      changed: [],
    },
    rows: [
      { row: 2, cells: { employeeId: 'E1', ssn: '555-12-3456', dateOfBirth: '1980-04-02' } },
      { row: 3, cells: { employeeId: 'E2', ssn: '110-20-1010', dateOfBirth: '1975-12-31' } },
    ],
    errorWorkbookDocumentId: null,
    comparedWith: null,
    at: '2026-01-01T00:00:00Z',
  },
});

describe('sealing personal data in events', () => {
  it('seals every marked value, leaves the rest, and opens them again', async () => {
    const keys = memoryKeys();
    const event = validated();
    const [sealed] = await sealEvents(PERSONAL_DATA, keys, [event]);
    const text = JSON.stringify(sealed!.data);
    for (const planted of ['555-12-3456', '110-20-1010', '1980-04-02', 'Ann Lee', '123-45-678'])
      expect(text).not.toContain(planted);
    const data = sealed!.data as { rows: { cells: Record<string, string> }[]; policyId: string };
    expect(isSealed(data.rows[0]!.cells.ssn)).toBe(true);
    expect(data.policyId).toBe('p1');
    expect((event.data as typeof data).rows[0]!.cells.ssn).toBe('555-12-3456');
    const [opened] = await openEvents(keys, [sealed!]);
    expect(opened!.data).toEqual(event.data);
  });

  it('reads "erased" where an erased employee\'s values were, and the others as they were', async () => {
    const keys = memoryKeys();
    const [sealed] = await sealEvents(PERSONAL_DATA, keys, [validated()]);
    keys.destroy(scopeKey({ clientId: 'lakeside', employee: 'E1' }));
    const [opened] = await openEvents(keys, [sealed!]);
    const data = opened!.data as {
      rows: { cells: Record<string, string> }[];
      changes: { added: { name: string }[] };
      report: { issues: { message: string }[] };
    };
    expect(data.rows[0]!.cells).toEqual({ employeeId: 'erased', ssn: 'erased', dateOfBirth: 'erased' });
    expect(data.rows[1]!.cells.ssn).toBe('110-20-1010');
    expect(data.changes.added[0]!.name).toBe('erased');
    expect(data.report.issues[0]!.message).toBe('SSN 123-45-678 is short');
  });

  it('reads "erased" everywhere once the client\'s keys are destroyed', async () => {
    const keys = memoryKeys();
    const [sealed] = await sealEvents(PERSONAL_DATA, keys, [validated()]);
    for (const employee of [null, 'E1', 'E2']) keys.destroy(scopeKey({ clientId: 'lakeside', employee }));
    const [opened] = await openEvents(keys, [sealed!]);
    expect(JSON.stringify(opened!.data)).not.toMatch(/555-12-3456|110-20-1010|Ann Lee|123-45-678/);
    expect((opened!.data as { report: { issues: { message: string }[] } }).report.issues[0]!.message).toBe(
      'erased',
    );
  });

  it("seals each corrected cell with its employee's key; a cell recorded without its employee opens with the client's", async () => {
    const keys = memoryKeys();
    const corrected = (cells: object[]): NewEvent => ({
      id: randomUUID(),
      type: 'CensusCellsCorrected',
      metadata,
      data: { clientId: 'lakeside', policyId: 'p1', documentId: 'd1', cells, replace: null, revalidated: [] },
    });
    const cell = (employeeId?: string) => ({
      row: 2,
      field: 'ssn',
      before: '12-3456',
      after: '555-12-3456',
      ...(employeeId === undefined ? {} : { employeeId }),
    });
    const [now, older] = await sealEvents(PERSONAL_DATA, keys, [
      corrected([cell('E1'), { ...cell('E2'), row: 3 }]),
      corrected([cell()]),
    ]);
    expect(JSON.stringify([now!.data, older!.data])).not.toMatch(/"(555-12-3456|12-3456|E1|E2)"/);
    keys.destroy(scopeKey({ clientId: 'lakeside', employee: 'E1' }));
    const [opened, openedOlder] = await openEvents(keys, [now!, older!]);
    const cells = (opened!.data as { cells: Record<string, unknown>[] }).cells;
    expect(cells[0]).toMatchObject({ before: 'erased', after: 'erased', employeeId: 'erased' });
    expect(cells[1]).toMatchObject({ before: '12-3456', after: '555-12-3456', employeeId: 'E2' });
    expect((openedOlder!.data as { cells: unknown[] }).cells[0]).toEqual(cell());
  });

  it('leaves events without personal data as they are', async () => {
    const keys = memoryKeys();
    const event: NewEvent = {
      id: randomUUID(),
      type: 'CensusSubmitted',
      metadata,
      data: { clientId: 'x', at: 'now' },
    };
    expect(await sealEvents(PERSONAL_DATA, keys, [event])).toEqual([event]);
  });
});
