import { describe, expect, it } from 'vitest';
import { START, type ProjectionTx, type RecordedEvent } from '@onboard/events';
import { featureTogglesProjection } from './feature-toggles.ts';
import { portalChatsProjection } from './support.ts';

/** A transaction that keeps the statements it is asked, in order. */
const recordingTx = () => {
  const statements: { text: string; values: unknown[] }[] = [];
  const tx = {
    query: async (text: string, values: unknown[] = []) => {
      statements.push({ text, values });
      return { rows: [], rowCount: 0 };
    },
  } as unknown as ProjectionTx;
  return { tx, statements };
};

const recorded = (type: string, data: Record<string, unknown>): RecordedEvent =>
  ({
    id: `e-${type}`,
    type,
    stream: 'feature-toggles',
    revision: 0n,
    position: START,
    data,
    metadata: { occurredAt: '2026-11-24T10:00:00.000Z' },
  }) as unknown as RecordedEvent;

describe('a projection of every event of one union', () => {
  it('is sent the union’s event types by the store, and no other', () => {
    expect(featureTogglesProjection.filter).toEqual({
      eventTypes: ['FeatureToggleSet', 'FeatureToggleOverrideCleared'],
    });
    expect(portalChatsProjection.filter).toEqual({
      eventTypes: ['PortalChatStarted', 'PortalChatMessagePosted'],
    });
  });

  it('resets by deleting its tables’ rows', async () => {
    const { tx, statements } = recordingTx();
    await featureTogglesProjection.reset!(tx);
    expect(statements.map((s) => s.text)).toEqual(['delete from rm_feature_toggles']);
  });

  it('applies each event of a batch, parsed, in order', async () => {
    const { tx, statements } = recordingTx();
    const by = { userId: 'ic-1', role: 'SLF_ADMIN' };
    await featureTogglesProjection.handle!(
      [
        recorded('FeatureToggleSet', { toggle: 'chat', clientId: 'acme', enabled: true, at: 'now', by }),
        recorded('FeatureToggleOverrideCleared', { toggle: 'chat', clientId: 'acme', at: 'later', by }),
      ],
      tx,
    );
    expect(statements.map((s) => s.values)).toEqual([
      ['chat', 'acme', true, 'now', 'ic-1'],
      ['chat', 'acme'],
    ]);
    await expect(
      featureTogglesProjection.handle!([recorded('FeatureToggleSet', { toggle: 'chat' })], tx),
    ).rejects.toThrow();
  });
});
