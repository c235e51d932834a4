import type { EnvelopeEvent } from '@onboard/events';
import type { AddressedKind } from '../emails/rules.ts';
import {
  currentRoutingOrder,
  releaseReason,
  type EnvelopeDeciderState,
  type EnvelopeRecipientState,
  type EnvelopeState,
} from './decider.ts';

/** One e-mail an envelope's event calls for: its kind, who it is addressed to, and what it says. */
export type EnvelopeNotice = {
  kind: AddressedKind;
  recipientId: string;
  name: string;
  email: string;
  /** The portal user, or null for someone who signs by an e-mailed link. */
  userId: string | null;
  /** The template's values beyond the client's name and the person's first name. */
  data: Record<string, string>;
};

/** Whether the recipient was told of the form (their turn came) and still has a place on it. */
const toldOf = (r: EnvelopeRecipientState) =>
  r.status === 'sent' || r.status === 'delivered' || r.status === 'signed' || r.status === 'declined';

const noticeOf = (
  kind: AddressedKind,
  r: EnvelopeRecipientState,
  data: Record<string, string>,
): EnvelopeNotice => ({
  kind,
  recipientId: r.recipientId,
  name: r.name,
  email: r.email,
  userId: r.userId,
  data,
});

/**
 * The e-mails one event of an envelope calls for (pure), read against the state before and after it:
 * every recipient who becomes able to sign (the form sent, their routing order reached, a place
 * reassigned or added to them while it is their role's turn, the form open again after a decline), every
 * quorum member released, and, when a decline holds the form or staff void it, every recipient who was
 * told of it (the one who declined is not told of their own decline).
 */
export function envelopeNotices(
  before: EnvelopeDeciderState,
  event: EnvelopeEvent,
  after: EnvelopeState,
): EnvelopeNotice[] {
  const { formName } = after;
  const notices: EnvelopeNotice[] = [];
  if (after.status === 'sent') {
    const order = currentRoutingOrder(after);
    const reopened = before?.status === 'declined';
    for (const r of after.recipients) {
      const able = (r.status === 'sent' || r.status === 'delivered') && r.routingOrder === order;
      const was = before?.recipients.find((x) => x.recipientId === r.recipientId);
      if (able && (!was || was.status === 'waiting' || reopened))
        notices.push(noticeOf('ONBOARDING_FORM_TO_SIGN', r, { formName }));
    }
  }
  if (event.type === 'EnvelopeRoleCompleted')
    for (const recipientId of event.data.releasedRecipientIds) {
      const r = after.recipients.find((x) => x.recipientId === recipientId);
      if (r)
        notices.push(
          noticeOf('ONBOARDING_FORM_RELEASED', r, {
            formName,
            why: releaseReason(after, r) ?? 'the others of your role have signed it',
          }),
        );
    }
  if (
    event.type === 'EnvelopeRecipientDeclined' &&
    after.status === 'declined' &&
    before?.status !== 'declined'
  ) {
    const decliner = after.recipients.find((r) => r.recipientId === event.data.recipientId);
    for (const r of after.recipients)
      if (toldOf(r) && r.recipientId !== event.data.recipientId)
        notices.push(
          noticeOf('ONBOARDING_FORM_DECLINED', r, {
            formName,
            declinedBy: decliner?.name ?? 'A recipient',
            reason: event.data.reason,
          }),
        );
  }
  if (event.type === 'EnvelopeVoided')
    for (const r of after.recipients)
      if (toldOf(r))
        notices.push(noticeOf('ONBOARDING_FORM_VOIDED', r, { formName, reason: event.data.reason }));
  return notices;
}
