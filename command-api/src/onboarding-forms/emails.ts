import { addDays } from 'date-fns';
import type pg from 'pg';
import {
  WrongExpectedRevisionError,
  envelopeStream,
  handleCommand,
  withRetries,
  type EventStore,
} from '@onboard/events';
import {
  copiesFor,
  type AddressedKind,
  EMAIL_TEMPLATES,
  envelopeDecider,
  signingLinkPath,
  type ESignatureService,
} from '@onboard/domain';
import { type EmailSender, templated } from '../auth/email-port.ts';
import { choosesDailyDigest, loadEmailRules } from '../emails/client-emails.ts';

/** The path of a recipient's signing link, with the token issued for it until it expires. */
export const signingLink = (
  eSignature: Pick<ESignatureService, 'issueToken'>,
  link: { envelopeId: string; clientId: string; recipientId: string; linkId: string; expiresAt: string },
) =>
  signingLinkPath(
    link.clientId,
    link.envelopeId,
    link.recipientId,
    eSignature.issueToken({ purpose: 'link', ...link }),
  );

/** How long an e-mailed signing link stays valid (it still opens only once). */
export const EMAILED_LINK_DAYS = 3;

export type OnboardingFormEmailDeps = {
  store: EventStore;
  pool: Pick<pg.Pool, 'query'>;
  emailSender: EmailSender;
  /** The base of e-mailed links. */
  publicUrl: () => string;
  eSignature: ESignatureService;
  now: () => Date;
  newId: () => string;
};

type Actor = { userId: string; role: string };

/** One e-mail to a form's recipient, of one of the onboarding-form kinds. */
export type OnboardingFormEmail = {
  kind: AddressedKind;
  clientId: string;
  envelopeId: string;
  recipientId: string;
  name: string;
  email: string;
  userId: string | null;
  data: Record<string, string>;
  actor: Actor;
  emailId?: string;
};

/**
 * The e-mails of onboarding forms, each addressed to the recipient it concerns and copied as the client's
 * notification rules say. Someone without an account who can now sign gets a signing link of their own
 * (issued on the envelope, valid a few days, single use); a portal user a link to the client's forms.
 */
export function onboardingFormEmails(deps: OnboardingFormEmailDeps) {
  const base = () => deps.publicUrl().replace(/\/+$/, '');

  /** Sends one e-mail (no copy is made for a recipient whose e-mail already went: a repeat is a no-op). */
  const send = async (email: OnboardingFormEmail & { link: string | null; days?: string }) => {
    const { rows } = await deps.pool.query<{ name: string }>(
      'select name from rm_clients where client_id = $1',
      [email.clientId],
    );
    const people = await deps.pool.query<{
      user_id: string;
      first_name: string;
      email: string;
      role: string;
    }>(
      `select user_id, first_name, email, role from rm_users
       where not is_deleted and role in ('BEN_ADMIN', 'BROKER') and $1 = any(client_ids) order by email`,
      [email.clientId],
    );
    const { rules } = await loadEmailRules(deps.store, email.clientId);
    const cc = copiesFor(
      rules,
      email.kind,
      people.rows.map((p) => ({ userId: p.user_id, name: p.first_name, email: p.email, role: p.role })),
      email.email,
    );
    const content = EMAIL_TEMPLATES[email.kind]!.build({
      firstName: email.name.split(/\s+/)[0] ?? email.name,
      clientName: rows[0]?.name ?? '',
      ...(email.link ? { link: email.link } : {}),
      ...(email.days ? { days: email.days } : {}),
      ...email.data,
    });
    try {
      return await deps.emailSender.send({
        ...(email.emailId ? { emailId: email.emailId } : {}),
        kind: email.kind,
        holdForDigest: email.userId ? await choosesDailyDigest(deps.store, email.userId) : false,
        to: [email.email],
        cc,
        ...templated(content),
        link: content.action?.url ?? null,
        clientId: email.clientId,
        ...(email.userId ? { userIds: [email.userId] } : {}),
        actor: email.actor,
      });
    } catch (error) {
      // Sent before a crash: the e-mail's stream already exists.
      if (error instanceof WrongExpectedRevisionError && email.emailId) return { emailId: email.emailId };
      throw error;
    }
  };

  /**
   * A signing link for someone without an account, issued on the envelope (null when they may no longer
   * sign: the envelope moved on since).
   */
  const issueLink = async (email: OnboardingFormEmail): Promise<string | null> => {
    const linkId = email.emailId ?? deps.newId();
    const expiresAt = addDays(deps.now(), EMAILED_LINK_DAYS).toISOString();
    const at = deps.now().toISOString();
    const { clientId, envelopeId, recipientId } = email;
    const write = () =>
      handleCommand(deps.store, envelopeDecider, {
        stream: envelopeStream(envelopeId),
        newId: deps.newId,
        // The link's event is named after the e-mail: a repeat appends nothing new.
        ...(email.emailId ? { eventId: () => email.emailId! } : {}),
        command: {
          type: 'IssueSigningLink',
          data: { envelopeId, clientId, recipientId, linkId, expiresAt },
          metadata: { at, by: email.actor },
        },
        metadata: {
          actorId: email.actor.userId,
          actorRole: email.actor.role,
          occurredAt: at,
          correlationId: email.emailId ?? deps.newId(),
        },
      });
    // A signer acting at the same moment: decide again on what they wrote.
    const written = await withRetries(write, {
      attempts: 3,
      retryOn: (error) => error instanceof WrongExpectedRevisionError,
    });
    if (!written.ok) return null;
    return `${base()}${signingLink(deps.eSignature, { envelopeId, clientId, recipientId, linkId, expiresAt })}`;
  };

  /** The e-mail an envelope's event calls for, sent to the recipient it concerns. */
  const notify = async (email: OnboardingFormEmail) => {
    const formsLink = `${base()}/client/${encodeURIComponent(email.clientId)}/task/onboarding-forms`;
    if (email.kind !== 'ONBOARDING_FORM_TO_SIGN')
      return send({ ...email, link: email.userId === null ? null : formsLink });
    if (email.userId === null) {
      const link = await issueLink(email);
      if (!link) return null;
      return send({ ...email, link, days: String(EMAILED_LINK_DAYS) });
    }
    return send({ ...email, link: formsLink });
  };

  return { send, notify };
}
