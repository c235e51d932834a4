import { z } from 'zod';

/**
 * Integration messages carried by the bus (Kafka in the distributed topology, a PostgreSQL table in the
 * embedded default) to the UI gateway. Delivery is at-least-once: consumers de-duplicate by `id`.
 */
export const API_JOB_STATUSES = [
  'IN_PROGRESS',
  'NOT_APPLICABLE',
  'COMPLETED',
  'COMPLETED_WITH_WARNINGS',
  'COMPLETED_WITH_ERRORS',
  'TIMEOUT',
] as const;

/** A message on the bus: its topic, a unique id, when it happened, and the topic's payload. */
const busMessage = <const T extends string, const P extends z.ZodRawShape>(topic: T, payload: P) =>
  z.object({
    topic: z.literal(topic),
    id: z.string().uuid(),
    occurredAt: z.string(),
    payload: z.object(payload),
  });

export const QpsPushStatusMessage = busMessage('QPS_PUSH_STATUS', {
  clientId: z.string(),
  apiJobStatus: z.enum(API_JOB_STATUSES),
});

export const EmailSentMessage = busMessage('EMAIL_SENT', { emailId: z.string(), subject: z.string() });

/** A census validation job's progress: rows done of the file's rows (onboarding §7). */
export const CensusValidationProgressMessage = busMessage('CENSUS_VALIDATION_PROGRESS', {
  clientId: z.string(),
  policyId: z.string(),
  documentId: z.string(),
  rowsDone: z.number().int(),
  rowsTotal: z.number().int(),
});

/** An onboarding form's status changed (a recipient viewed, signed or declined; reassigned, voided, completed). */
export const OnboardingFormStatusMessage = busMessage('ONBOARDING_FORM_STATUS', {
  clientId: z.string(),
  onboardingFormId: z.string(),
  change: z.string(),
});

/**
 * A conversation changed (a thread started, a message, resolved, reopened): open pages read the client's
 * threads again. `kind` lets the gateway keep internal notes from the client's people.
 */
export const ConversationChangedMessage = busMessage('CONVERSATION_CHANGED', {
  clientId: z.string(),
  threadId: z.string(),
  kind: z.enum(['SHARED', 'INTERNAL']),
  change: z.string(),
});

export const BusMessage = z.discriminatedUnion('topic', [
  QpsPushStatusMessage,
  EmailSentMessage,
  CensusValidationProgressMessage,
  OnboardingFormStatusMessage,
  ConversationChangedMessage,
]);
export type BusMessage = z.infer<typeof BusMessage>;
export type BusTopic = BusMessage['topic'];
export const BUS_TOPICS: readonly BusTopic[] = [
  'QPS_PUSH_STATUS',
  'EMAIL_SENT',
  'CENSUS_VALIDATION_PROGRESS',
  'ONBOARDING_FORM_STATUS',
  'CONVERSATION_CHANGED',
];

/**
 * What keeps messages in order: a client's messages share a key (Kafka sends one key to one partition), so
 * they arrive in the order they were published; messages of different keys may interleave.
 */
export function busMessageKey(message: BusMessage): string {
  return message.topic === 'EMAIL_SENT' ? message.payload.emailId : message.payload.clientId;
}

/** A message as delivered, with the bus's own ordering key for replay (`Last-Event-ID`). */
export type DeliveredMessage = BusMessage & { offset: string };

export type BusConsumer = { close: () => Promise<void> };

export type Bus = {
  /** Resolves once the bus has durably accepted every message (Kafka acks=all / a committed row). */
  publish: (messages: readonly BusMessage[]) => Promise<void>;
  /**
   * Delivers every message of `topics` published after the returned promise resolves, at least once, in
   * publish order per key (`busMessageKey`). Every consumer receives every message (each gateway replica
   * sees all of them), starting from now: a new consumer replays nothing, and nothing of it stays on the
   * bus once it is closed or its process is gone. `name` labels it for operators (on Kafka, the prefix of
   * its consumer group's name).
   */
  consume: (options: {
    name: string;
    topics: readonly BusTopic[];
    onMessage: (message: DeliveredMessage) => Promise<void>;
  }) => Promise<BusConsumer>;
  close: () => Promise<void>;
};
