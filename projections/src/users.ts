import { USER_ROLES, parseEvent, type CheckpointedConsumer, type UserEvent } from '@onboard/events';
import { evolveUser, type UserProfile, type UserState } from '@onboard/domain';
import { deleteRows } from './reset.ts';

const USER_EVENT_TYPES: readonly UserEvent['type'][] = [
  'UserRegistered',
  'UserProfileChanged',
  'UserAssignedToClient',
  'UserUnassignedFromClient',
  'UserRoleChanged',
  'UserWelcomeEmailSent',
  'UserPasswordSet',
  'UserMfaEnrolled',
  'UserMfaReset',
  'UserTermsOfUseAccepted',
  'UserSignedIn',
  'UserDeleted',
];

/**
 * One row per user: profile, role, client ids and the identity stamps, folded with the decider's own
 * `evolveUser` so the read model cannot drift from the aggregate. Deleted users keep their row (for
 * audit) with `is_deleted`; the session check treats them as signed out. `version` is the stream
 * revision the row reflects, so a command can wait until its own write is visible.
 */
type Row = {
  user_id: string;
  email: string;
  role: string;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  client_ids: string[];
  welcome_email_sent_date: string | null;
  first_password_set: string | null;
  last_password_set: string | null;
  is_mfa_enrolled: boolean;
  terms_of_use_date: string | null;
  first_login: string | null;
  last_login: string | null;
  is_deleted: boolean;
  version: string;
  created_at: string;
  updated_at: string;
};

const SELECT = `select user_id, email, role, first_name, last_name, phone_number, client_ids,
  to_json(welcome_email_sent_date) #>> '{}' as welcome_email_sent_date,
  to_json(first_password_set) #>> '{}' as first_password_set,
  to_json(last_password_set) #>> '{}' as last_password_set, is_mfa_enrolled,
  to_json(terms_of_use_date) #>> '{}' as terms_of_use_date,
  to_json(first_login) #>> '{}' as first_login, to_json(last_login) #>> '{}' as last_login,
  is_deleted, version::text, to_json(created_at) #>> '{}' as created_at, to_json(updated_at) #>> '{}' as updated_at
  from rm_users`;

const toState = (row: Row): UserState => {
  const user: UserProfile = {
    userId: row.user_id,
    role: USER_ROLES.find((r) => r === row.role) ?? 'BEN_ADMIN',
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phoneNumber: row.phone_number,
    clientIds: row.client_ids,
    welcomeEmailSentDate: row.welcome_email_sent_date,
    firstPasswordSet: row.first_password_set,
    lastPasswordSet: row.last_password_set,
    isMfaEnrolled: row.is_mfa_enrolled,
    termsOfUseDate: row.terms_of_use_date,
    firstLogin: row.first_login,
    lastLogin: row.last_login,
  };
  return row.is_deleted ? { status: 'deleted', user } : { status: 'active', user };
};

type Doc = { state: UserState; version: string; createdAt: string; updatedAt: string };

export const usersProjection: CheckpointedConsumer = {
  name: 'users',
  filter: { eventTypes: USER_EVENT_TYPES },
  reset: deleteRows('rm_users'),
  handle: async (events, tx) => {
    const parsed = events.map((recorded) => ({ recorded, event: parseEvent(recorded) as UserEvent }));
    const ids = [...new Set(parsed.map((p) => p.event.data.userId))];
    const { rows } = await tx.query<Row>(`${SELECT} where user_id = any($1)`, [ids]);
    const docs = new Map<string, Doc>(
      rows.map((r) => [
        r.user_id,
        { state: toState(r), version: r.version, createdAt: r.created_at, updatedAt: r.updated_at },
      ]),
    );
    for (const { recorded, event } of parsed) {
      const userId = event.data.userId;
      const doc = docs.get(userId) ?? {
        state: { status: 'none' },
        version: '-1',
        createdAt: recorded.metadata.occurredAt,
        updatedAt: recorded.metadata.occurredAt,
      };
      // Idempotent on replay of an already-applied revision.
      if (BigInt(doc.version) >= recorded.revision) continue;
      docs.set(userId, {
        ...doc,
        state: evolveUser(doc.state, event),
        version: recorded.revision.toString(),
        updatedAt: recorded.metadata.occurredAt,
      });
    }
    const touched = [...docs.values()].flatMap(({ state, version, createdAt, updatedAt }) => {
      if (state.status === 'none') return [];
      const u = state.user;
      return [
        {
          user_id: u.userId,
          email: u.email,
          role: u.role,
          first_name: u.firstName,
          last_name: u.lastName,
          phone_number: u.phoneNumber,
          client_ids: u.clientIds,
          welcome_email_sent_date: u.welcomeEmailSentDate,
          first_password_set: u.firstPasswordSet,
          last_password_set: u.lastPasswordSet,
          is_mfa_enrolled: u.isMfaEnrolled,
          terms_of_use_date: u.termsOfUseDate,
          first_login: u.firstLogin,
          last_login: u.lastLogin,
          is_deleted: state.status === 'deleted',
          version,
          created_at: createdAt,
          updated_at: updatedAt,
        },
      ];
    });
    await tx.query(
      `insert into rm_users (user_id, email, role, first_name, last_name, phone_number, client_ids,
         welcome_email_sent_date, first_password_set, last_password_set, is_mfa_enrolled, terms_of_use_date,
         first_login, last_login, is_deleted, version, created_at, updated_at)
       select user_id, email, role, first_name, last_name, phone_number,
         array(select jsonb_array_elements_text(client_ids)), welcome_email_sent_date, first_password_set,
         last_password_set, is_mfa_enrolled, terms_of_use_date, first_login, last_login, is_deleted, version,
         created_at, updated_at
       from jsonb_to_recordset($1::jsonb) as t(user_id text, email text, role text, first_name text,
         last_name text, phone_number text, client_ids jsonb, welcome_email_sent_date timestamptz,
         first_password_set timestamptz, last_password_set timestamptz, is_mfa_enrolled boolean,
         terms_of_use_date timestamptz, first_login timestamptz, last_login timestamptz, is_deleted boolean,
         version bigint, created_at timestamptz, updated_at timestamptz)
       on conflict (user_id) do update set email = excluded.email, role = excluded.role,
         first_name = excluded.first_name, last_name = excluded.last_name, phone_number = excluded.phone_number,
         client_ids = excluded.client_ids, welcome_email_sent_date = excluded.welcome_email_sent_date,
         first_password_set = excluded.first_password_set, last_password_set = excluded.last_password_set,
         is_mfa_enrolled = excluded.is_mfa_enrolled, terms_of_use_date = excluded.terms_of_use_date,
         first_login = excluded.first_login, last_login = excluded.last_login, is_deleted = excluded.is_deleted,
         version = excluded.version, updated_at = excluded.updated_at`,
      [JSON.stringify(touched)],
    );
  },
};
