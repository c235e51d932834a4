import {
  parseEvent,
  type Bus,
  type BusMessage,
  type CheckpointedConsumer,
  type RecordedEvent,
} from '@onboard/events';

/** Maps a stored event to the integration message the UI gateway forwards, if it has one. */
export function toBusMessage(recorded: RecordedEvent): BusMessage | null {
  const event = parseEvent(recorded);
  const base = { id: recorded.id, occurredAt: recorded.metadata.occurredAt };
  switch (event.type) {
    case 'ApiJobStatusChanged':
      return {
        ...base,
        topic: 'QPS_PUSH_STATUS',
        payload: { clientId: event.data.clientId, apiJobStatus: event.data.apiJobStatus },
      };
    case 'EmailSent':
      return {
        ...base,
        topic: 'EMAIL_SENT',
        payload: { emailId: event.data.emailId, subject: event.data.subject },
      };
    case 'EnvelopeCreated':
    case 'EnvelopeRecipientAdded':
    case 'EnvelopeRecipientViewed':
    case 'EnvelopeRecipientSigned':
    case 'EnvelopeRecipientDeclined':
    case 'EnvelopeRecipientLeft':
    case 'EnvelopeRecipientReassigned':
    case 'EnvelopeCompleted':
    case 'EnvelopeVoided':
      return {
        ...base,
        topic: 'ONBOARDING_FORM_STATUS',
        payload: {
          clientId: event.data.clientId,
          onboardingFormId: event.data.envelopeId,
          change: event.type,
        },
      };
    case 'ConversationStarted':
    case 'ConversationMessagePosted':
    case 'ConversationResolved':
    case 'ConversationReopened':
      return {
        ...base,
        topic: 'CONVERSATION_CHANGED',
        payload: {
          clientId: event.data.clientId,
          threadId: event.data.threadId,
          kind: event.data.kind,
          change: event.type,
        },
      };
    default:
      return null;
  }
}

/** The envelope events the hub hears of as they happen. */
const ONBOARDING_FORM_STATUS_EVENTS = [
  'EnvelopeCreated',
  'EnvelopeRecipientAdded',
  'EnvelopeRecipientViewed',
  'EnvelopeRecipientSigned',
  'EnvelopeRecipientDeclined',
  'EnvelopeRecipientLeft',
  'EnvelopeRecipientReassigned',
  'EnvelopeCompleted',
  'EnvelopeVoided',
];

/** The conversation events open pages hear of (a read changes nobody else's page). */
const CONVERSATION_CHANGED_EVENTS = [
  'ConversationStarted',
  'ConversationMessagePosted',
  'ConversationResolved',
  'ConversationReopened',
];

/**
 * Publishes from the event store to the bus with its own checkpoint (an outbox by another name): the
 * checkpoint moves only after the bus accepted the batch, so a bus outage delays messages and loses none.
 * The message id is the event id, so a batch re-published after a crash is de-duplicated downstream.
 */
export function busPublisher(bus: Bus): CheckpointedConsumer {
  return {
    name: 'bus-publisher',
    filter: {
      eventTypes: [
        'ApiJobStatusChanged',
        'EmailSent',
        ...ONBOARDING_FORM_STATUS_EVENTS,
        ...CONVERSATION_CHANGED_EVENTS,
      ],
    },
    react: async (events) => {
      const messages = events.map(toBusMessage).filter((m): m is BusMessage => m !== null);
      if (messages.length > 0) await bus.publish(messages);
    },
  };
}
