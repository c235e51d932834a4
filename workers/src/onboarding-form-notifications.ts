import { hoursToMilliseconds } from 'date-fns';
import { v5 as uuidv5 } from 'uuid';
import {
  ENVELOPE_EVENT_TYPES,
  envelopeStream,
  parseEvent,
  type CheckpointedConsumer,
  type EnvelopeEvent,
  type EventStore,
  type RecordedEvent,
} from '@onboard/events';
import {
  envelopeDecider,
  envelopeNotices,
  type EnvelopeDeciderState,
  type EnvelopeNotice,
} from '@onboard/domain';

/** One e-mail to send about an onboarding form (command-api's onboardingFormEmails().notify). */
export type EnvelopeNotification = EnvelopeNotice & {
  clientId: string;
  envelopeId: string;
  /** Derived from the causing event and the recipient: a batch run again sends nothing twice. */
  emailId: string;
  actor: { userId: string; role: string };
};
export type EnvelopeNotifier = (notification: EnvelopeNotification) => Promise<unknown>;

const ONBOARDING_FORMS_ACTOR = { userId: 'system:onboarding-forms', role: 'SYSTEM' } as const;
const NAMESPACE = '6d1f3a8e-2c47-4b9a-8e15-9a0c7b3d5f21';
/** Older news is not worth an e-mail: a reactor reaching old events (a new deployment) stays quiet. */
const NOTIFICATION_MAX_AGE_MS = hoursToMilliseconds(24);

/**
 * E-mails the recipients of onboarding forms as each envelope event calls for (domain's envelopeNotices):
 * whoever becomes able to sign (an outside signer with their own signing link), a released quorum member,
 * and everyone told of a form that is declined or voided. Each event is read against its envelope as it
 * stood just before it.
 */
export function onboardingFormNotificationsWorker(deps: {
  store: Pick<EventStore, 'readStream'>;
  notify: EnvelopeNotifier;
  now: () => Date;
}): CheckpointedConsumer {
  return {
    name: 'onboarding-form-notifications',
    filter: { eventTypes: ENVELOPE_EVENT_TYPES },
    react: async (events) => {
      const streams = new Map<string, RecordedEvent[]>();
      for (const event of events) {
        const age = deps.now().getTime() - Date.parse(event.metadata.occurredAt);
        if (age > NOTIFICATION_MAX_AGE_MS) continue;
        const { envelopeId, clientId } = event.data as { envelopeId: string; clientId: string };
        const stream = envelopeStream(envelopeId);
        if (!streams.has(stream) || !streams.get(stream)!.some((r) => r.id === event.id))
          streams.set(stream, await deps.store.readStream(stream));
        let before: EnvelopeDeciderState = envelopeDecider.initialState();
        for (const recorded of streams.get(stream)!) {
          const parsed = parseEvent(recorded) as EnvelopeEvent;
          const after = envelopeDecider.evolve(before, parsed);
          if (recorded.id === event.id) {
            for (const notice of envelopeNotices(before, parsed, after!))
              await deps.notify({
                ...notice,
                clientId,
                envelopeId,
                emailId: uuidv5(`${event.id}/${notice.kind}/${notice.recipientId}`, NAMESPACE),
                actor: ONBOARDING_FORMS_ACTOR,
              });
            break;
          }
          before = after;
        }
      }
    },
  };
}
