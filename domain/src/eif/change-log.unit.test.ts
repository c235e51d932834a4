import { describe, expect, it } from 'vitest';
import { changeRecordsFromLog, type ChangeLogRow } from './change-log.ts';

const by = { id: 'u1', role: 'BROKER' };
const row = (over: Partial<ChangeLogRow>): ChangeLogRow => ({
  change_id: 'c1',
  action: 'update',
  entity: 'Client',
  entity_id: 'acme',
  attribute_key: 'name',
  value: 'Acme',
  previous_value: null,
  status: 'pending',
  created_at: '2026-01-01T00:00:00.000Z',
  created_by_user: by,
  ...over,
});

describe('change records from the change log', () => {
  it('given a change’s rows, then one record carries each answer in the rows’ order', () => {
    const records = changeRecordsFromLog([
      row({ attribute_key: 'name', value: 'Acme' }),
      row({ attribute_key: 'taxId', value: '12-3456789', status: 'accepted' }),
    ]);
    expect(records).toEqual([
      {
        id: 'c1',
        action: 'update',
        entity: 'Client',
        entityId: 'acme',
        createdAt: '2026-01-01T00:00:00.000Z',
        createdByUser: by,
        status: 'pending',
        changeDetails: [
          {
            attributeKey: 'name',
            value: 'Acme',
            previousValue: null,
            status: 'pending',
            createdAt: '2026-01-01T00:00:00.000Z',
          },
          {
            attributeKey: 'taxId',
            value: '12-3456789',
            previousValue: null,
            status: 'accepted',
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        ],
      },
    ]);
  });

  it('given a deletion and a time as the database gives it, then the record has no answers and its time is text', () => {
    const [record] = changeRecordsFromLog([
      row({
        change_id: 'c2',
        action: 'delete',
        attribute_key: '',
        created_at: new Date('2026-02-01T10:00:00Z'),
      }),
    ]);
    expect(record).toMatchObject({
      id: 'c2',
      action: 'delete',
      changeDetails: [],
      createdAt: '2026-02-01T10:00:00.000Z',
    });
  });

  it('given the rows of two changes, then the records follow the order of each change’s first row', () => {
    const ids = changeRecordsFromLog([
      row({ change_id: 'b' }),
      row({ change_id: 'a' }),
      row({ change_id: 'b' }),
    ]).map((r) => r.id);
    expect(ids).toEqual(['b', 'a']);
  });
});
