import type pg from 'pg';
import { v5 as uuidv5 } from 'uuid';
import { randomUUID } from 'node:crypto';
import {
  clientStream,
  handleCommand,
  personalDataStream,
  startScheduledJob,
  type EventStore,
  type PersonalDataEvent,
  type ScheduledJob,
} from '@onboard/events';
import { personalDataDecider, EMAIL_TEMPLATES, emailText } from '@onboard/domain';
import type { EmailSender } from '@onboard/command-api/auth';
import type { Logger } from '../logger.ts';
import type { DataKeyService } from './data-keys.ts';

const RETENTION_ACTOR = { userId: 'system:retention', role: 'SYSTEM' } as const;
// The consultant's e-mail is named by the erasure's event: a run repeated sends it once.
const RETENTION_EMAIL_NAMESPACE = '8c3f0e52-7a41-4d9b-b6e2-1f5a9d07c364';
const DAY_MS = 86_400_000;

export type RetentionDeps = {
  store: EventStore;
  pool: pg.Pool;
  keys: Pick<DataKeyService, 'destroy'>;
  emailSender: EmailSender;
  publicUrl: () => string;
  now: () => Date;
  /** Days after going LIVE that a client's census files and personal data are kept. */
  retentionDays: number;
};

/** When the client last went LIVE, from its lifecycle stream (null: not LIVE). */
async function wentLiveAt(store: EventStore, clientId: string): Promise<Date | null> {
  let at: Date | null = null;
  for (const event of await store.readStream(clientStream(clientId))) {
    if (event.type !== 'ClientReleaseStatusChanged') continue;
    const data = event.data as { releaseStatus: string | null; at: string };
    at = data.releaseStatus === 'LIVE' ? new Date(data.at) : null;
  }
  return at;
}

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

/**
 * One pass of retention: every client LIVE for `retentionDays` or more has its personal data erased once
 * (PersonalDataErased, reason RETENTION, through the one command handler), then its data keys made before
 * that are destroyed and its consultant e-mailed. A pass repeated, or resumed after a crash, finishes what
 * an earlier one began: the keys destroyed and the e-mail (its id derived from the event) sent once.
 */
export async function runRetention(deps: RetentionDeps): Promise<{ erased: string[] }> {
  const now = deps.now();
  const { rows } = await deps.pool.query<{
    client_id: string;
    name: string;
    consultant_email: string | null;
    consultant_first_name: string | null;
  }>(
    `select l.client_id, l.name, u.email as consultant_email, u.first_name as consultant_first_name
       from rm_client_lifecycle l
       left join rm_users u on u.user_id = l.implementation_consultant_user_id and not u.is_deleted
      where l.release_status = 'LIVE' and l.deleted_at is null
      order by l.client_id`,
  );
  const erased: string[] = [];
  for (const client of rows) {
    const liveAt = await wentLiveAt(deps.store, client.client_id);
    if (!liveAt || now.getTime() - liveAt.getTime() < deps.retentionDays * DAY_MS) continue;
    const stream = personalDataStream(client.client_id);
    const history = await deps.store.readStream(stream);
    const earlier = history.find(
      (e) => e.type === 'PersonalDataErased' && (e.data as PersonalDataEvent['data']).reason === 'RETENTION',
    );
    let erasure = earlier && {
      id: earlier.id,
      erasedAt: (earlier.data as PersonalDataEvent['data']).erasedAt,
    };
    if (!erasure) {
      const id = uuidv5(`retention:${client.client_id}`, RETENTION_EMAIL_NAMESPACE);
      const result = await handleCommand(deps.store, personalDataDecider, {
        stream,
        newId: randomUUID,
        eventId: () => id,
        command: {
          type: 'ErasePersonalData',
          data: { clientId: client.client_id, scope: 'CLIENT', employeeRef: null, reason: 'RETENTION' },
          metadata: { at: now.toISOString(), by: RETENTION_ACTOR },
        },
        metadata: {
          actorId: RETENTION_ACTOR.userId,
          actorRole: RETENTION_ACTOR.role,
          occurredAt: now.toISOString(),
          correlationId: `retention-${client.client_id}`,
        },
      });
      if (!result.ok) continue;
      erasure = { id, erasedAt: now.toISOString() };
      erased.push(client.client_id);
    }
    await deps.keys.destroy(client.client_id, null, { madeBefore: new Date(erasure.erasedAt) });
    if (client.consultant_email) await emailConsultant(deps, client, erasure, liveAt);
  }
  return { erased };
}

async function emailConsultant(
  deps: RetentionDeps,
  client: {
    client_id: string;
    name: string;
    consultant_email: string | null;
    consultant_first_name: string | null;
  },
  erasure: { id: string },
  liveAt: Date,
) {
  const link = `${deps.publicUrl().replace(/\/+$/, '')}/clients/admin/${encodeURIComponent(client.client_id)}/manage`;
  const content = EMAIL_TEMPLATES.PERSONAL_DATA_ERASED!.build({
    firstName: client.consultant_first_name ?? '',
    clientName: client.name,
    days: String(deps.retentionDays),
    liveOn: longDate(liveAt),
    link,
  });
  try {
    await deps.emailSender.send({
      emailId: uuidv5(`${erasure.id}:${client.consultant_email}`, RETENTION_EMAIL_NAMESPACE),
      kind: 'PERSONAL_DATA_ERASED',
      to: [client.consultant_email!],
      subject: content.subject,
      body: emailText(content),
      content,
      link,
      clientId: client.client_id,
      actor: RETENTION_ACTOR,
    });
  } catch (error) {
    // Sent by an earlier pass: the e-mail's stream exists.
    if (!(error instanceof Error && 'code' in error && error.code === 'WRONG_EXPECTED_REVISION')) throw error;
  }
}

/** Retention as a scheduled job of the workers process: one process at a time, checked every `checkMs`. */
export function startRetention(deps: RetentionDeps & { logger: Logger; checkMs?: number }): ScheduledJob {
  return startScheduledJob({
    pool: deps.pool,
    name: 'personal-data-retention',
    intervalMs: deps.checkMs ?? 60 * 60_000,
    run: async () => {
      const { erased } = await runRetention(deps);
      if (erased.length > 0)
        deps.logger.info({ clients: erased.length }, 'personal data erased after retention');
    },
    onError: (error) => deps.logger.warn({ err: error }, 'personal data retention failed'),
  });
}
