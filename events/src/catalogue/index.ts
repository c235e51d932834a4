import { z } from 'zod';
import { EifEvent } from './eif.ts';
import { ApiJobStatusChanged, PlanDesignPushRequested } from './api-job.ts';
import { EXPLORER_CATALOGUE } from './explorer.ts';
import { ClientEmailRulesSet, EmailDigestChosen, EmailDigestRunClaimed, EmailEvent } from './emails.ts';
import { EmailReleased, EmailReserved, UserEvent } from './users.ts';
import { TaskEvent } from './tasks.ts';
import { ClientLifecycleEvent } from './clients.ts';
import { ResourceEvent } from './resources.ts';
import { FeatureToggleEvent } from './feature-toggles.ts';
import { BenAdminPlatformEvent } from './ben-admin-platforms.ts';
import { PortalChatEvent } from './support.ts';
import { ConversationEvent } from './conversations.ts';
import { SignatureEvent } from './signatures.ts';
import { CensusEvent } from './census.ts';
import { EnvelopeEvent, SigningTemplateEvent } from './onboarding-forms.ts';
import { DocumentEvent } from './documents.ts';
import { CompanionGuideProfileSet, DataFeedEvent } from './data-feed.ts';
import { PersonalDataAccessEvent } from './personal-data.ts';
import { PersonalDataEvent } from './personal-data-erasure.ts';
import type { RecordedEvent } from '../store/port.ts';

export { eventTypesOf } from './schema.ts';
export * from './eif.ts';
export * from './api-job.ts';
export * from './explorer.ts';
export * from './emails.ts';
export * from './users.ts';
export * from './tasks.ts';
export * from './clients.ts';
export * from './resources.ts';
export * from './feature-toggles.ts';
export * from './ben-admin-platforms.ts';
export * from './support.ts';
export * from './census.ts';
export * from './onboarding-forms.ts';
export * from './documents.ts';
export * from './data-feed.ts';
export * from './conversations.ts';
export * from './personal-data.ts';
export * from './personal-data-erasure.ts';
export * from './signatures.ts';
export * from './partition-key.ts';

/**
 * Every domain event the store may hold. An event's `data` is validated on the way in (append) and on
 * the way out (read); an older shape is brought up to date by its upcaster before validation, so readers
 * only ever see the current version.
 */
export const DomainEvent = z.discriminatedUnion('type', [
  ...EifEvent.options,
  ApiJobStatusChanged,
  PlanDesignPushRequested,
  ...EXPLORER_CATALOGUE,
  ...EmailEvent.options,
  ClientEmailRulesSet,
  EmailDigestChosen,
  EmailDigestRunClaimed,
  ...UserEvent.options,
  EmailReserved,
  EmailReleased,
  ...TaskEvent.options,
  ...ClientLifecycleEvent.options,
  ...ResourceEvent.options,
  ...FeatureToggleEvent.options,
  ...BenAdminPlatformEvent.options,
  ...PortalChatEvent.options,
  ...CensusEvent.options,
  ...SigningTemplateEvent.options,
  ...EnvelopeEvent.options,
  ...DocumentEvent.options,
  ...DataFeedEvent.options,
  ...PersonalDataEvent.options,
  CompanionGuideProfileSet,
  ...ConversationEvent.options,
  ...PersonalDataAccessEvent.options,
  ...SignatureEvent.options,
]);
export type DomainEvent = z.infer<typeof DomainEvent>;
export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/** Upcasters by event type, applied in order. None are needed yet: every event is at its first version. */
const upcasters: Partial<Record<DomainEventType, Upcaster[]>> = {};

export type ParsedEvent = DomainEvent & { recorded: RecordedEvent };

export function parseEvent(recorded: RecordedEvent): ParsedEvent {
  let data = recorded.data as Record<string, unknown>;
  for (const up of upcasters[recorded.type as DomainEventType] ?? []) data = up(data);
  const event = DomainEvent.parse({ type: recorded.type, data });
  return { ...event, recorded };
}

export function isKnownEventType(type: string): type is DomainEventType {
  return DomainEvent.options.some((o) => o.shape.type.value === type);
}
