import { randomUUID } from 'node:crypto';
import type { CheckpointedConsumer } from '@onboard/events';
import { clientEmails } from '@onboard/command-api/emails';
import { onboardingFormEmails } from '@onboard/command-api/onboarding-forms';
import {
  busPublisher,
  clientBaseWorker,
  clientNotificationsWorker,
  onboardingFormNotificationsWorker,
} from '@onboard/workers';
import type { EmailDeliveryLoop } from '@onboard/workers/email-delivery';
import { createQpsPushWorker } from '../qps/wiring.ts';
import { notificationNames } from '../emails/notification-names.ts';
import { startEmailDelivery } from '../emails/delivery.ts';
import { smtpTransport } from '../emails/smtp.ts';
import { startDailyEmails } from '../emails/daily-emails.ts';
import { startRetention } from '../personal-data/retention.ts';
import { mailOf, type Wiring } from './context.ts';

/**
 * Reactors with side effects (workers/): the bus publisher, the push to the plan system, the form and tasks
 * of every client created, and the e-mails every hand-off and every onboarding form's turn send.
 */
export function reactorsOf(w: Wiring): CheckpointedConsumer[] {
  const { store, snapshots, bus, pool, now, config, eSignature } = w;
  return [
    busPublisher(bus),
    createQpsPushWorker({ store, snapshots, now, settings: config.qps }),
    clientBaseWorker({ store, snapshots, now }),
    // Every hand-off tells someone by e-mail (a task sent back or accepted, a finished push, the form
    // signed, changes to review, a census, a client's upload, go-live); the client's rules decide whom.
    clientNotificationsWorker({
      now,
      names: notificationNames({ store, pool }),
      notify: clientEmails({ store, pool, ...mailOf(w) }).notifyClient,
    }),
    // An onboarding form's recipients hear when they can sign, are no longer needed, or it is declined or voided.
    onboardingFormNotificationsWorker({
      store,
      now,
      notify: onboardingFormEmails({ store, pool, ...mailOf(w), eSignature, now, newId: randomUUID }).notify,
    }),
  ];
}

/**
 * The jobs of a workers process: the outbox's delivery when e-mails leave through a mail server (SMTP_URL);
 * the day's task reminders, escalations and digests, and the erasure of census files and personal data a
 * set time after going LIVE (one workers process at a time).
 */
export function wireJobs(w: Wiring) {
  const { config, has, store, pool, now, logger, eSignature, dataKeys } = w;
  const smtp = config.email.smtpUrl && has('workers') ? smtpTransport(config.email.smtpUrl) : null;
  const emailDelivery: EmailDeliveryLoop | null = smtp
    ? startEmailDelivery({ config, pool, store, transport: smtp, now, logger })
    : null;
  const isDaily = has('workers') && config.email.dailyJob;
  const dailyEmails = isDaily
    ? startDailyEmails({
        store,
        pool,
        ...mailOf(w),
        now,
        hourUtc: config.email.digestHourUtc,
        reminders: config.email.reminders,
        eSignature,
        logger,
      })
    : null;
  const retention = isDaily
    ? startRetention({
        store,
        pool,
        keys: dataKeys,
        ...mailOf(w),
        now,
        retentionDays: config.personalDataRetentionDays,
        logger,
      })
    : null;
  return { smtp, emailDelivery, dailyEmails, retention };
}
