import { describe, expect, it } from 'vitest';
import { START, type RecordedEvent } from '@onboard/events';
import { busPublisher, toBusMessage } from './bus-publisher.ts';

const recorded = (type: string, data: unknown): RecordedEvent => ({
  id: '0b5e7c8e-7d7c-4c2e-9d7a-6f1e2d3c4b5a',
  type,
  data,
  metadata: {
    actorId: 'u',
    actorRole: 'SLF_ADMIN',
    occurredAt: '2026-11-22T10:00:00.000Z',
    correlationId: 'c',
  },
  streamName: 's',
  revision: 0n,
  position: START,
  recordedAt: new Date('2026-11-22T10:00:00.000Z'),
});

describe('bus publisher', () => {
  it('turns a job status change into QPS_PUSH_STATUS with the event id as message id', () => {
    const message = toBusMessage(
      recorded('ApiJobStatusChanged', {
        apiJobId: 'j',
        clientId: 'c-1',
        apiJobStatus: 'COMPLETED',
        reasons: [],
      }),
    );
    expect(message).toEqual({
      topic: 'QPS_PUSH_STATUS',
      id: '0b5e7c8e-7d7c-4c2e-9d7a-6f1e2d3c4b5a',
      occurredAt: '2026-11-22T10:00:00.000Z',
      payload: { clientId: 'c-1', apiJobStatus: 'COMPLETED' },
    });
  });

  it('turns a sent e-mail into EMAIL_SENT', () => {
    const message = toBusMessage(
      recorded('EmailSent', { emailId: 'e-1', to: ['a@b.c'], subject: 'Welcome', clientId: null }),
    );
    expect(message).toMatchObject({ topic: 'EMAIL_SENT', payload: { emailId: 'e-1', subject: 'Welcome' } });
  });

  it('turns a conversation change into CONVERSATION_CHANGED with its kind; a read is nobody else’s news', () => {
    const thread = {
      threadId: 't-1',
      clientId: 'c-1',
      kind: 'INTERNAL',
      by: 'u-1',
      at: '2026-11-22T10:00:00.000Z',
    };
    expect(toBusMessage(recorded('ConversationResolved', thread))).toMatchObject({
      topic: 'CONVERSATION_CHANGED',
      payload: { clientId: 'c-1', threadId: 't-1', kind: 'INTERNAL', change: 'ConversationResolved' },
    });
    const { by: _, kind: __, ...read } = thread;
    expect(toBusMessage(recorded('ConversationRead', { ...read, userId: 'u-1' }))).toBeNull();
  });

  it('publishes nothing for events without an integration meaning', async () => {
    const published: unknown[] = [];
    const consumer = busPublisher({
      publish: async (m) => void published.push(...m),
      consume: async () => ({ close: async () => undefined }),
      close: async () => undefined,
    });
    await consumer.react!([
      recorded('EifEntityDeleted', { clientId: 'c', entity: 'Plan', entityId: 'p' }),
      recorded('EmailSent', { emailId: 'e-2', to: [], subject: 'S', clientId: null }),
    ]);
    expect(published).toHaveLength(1);
  });

  it('lets a failed publish fail the batch, so the checkpoint does not move', async () => {
    const consumer = busPublisher({
      publish: async () => {
        throw new Error('broker down');
      },
      consume: async () => ({ close: async () => undefined }),
      close: async () => undefined,
    });
    await expect(
      consumer.react!([recorded('EmailSent', { emailId: 'e', to: [], subject: 'S', clientId: null })]),
    ).rejects.toThrow('broker down');
  });
});
