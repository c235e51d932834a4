import type pg from 'pg';
import { isInternal, type Role } from '@onboard/domain';

export type AuthenticatedUser = {
  id: string;
  userId: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  role: Role;
  clientIds: string[];
  clients: { id: string; name: string; completedSetupAt: string | null }[];
  termsOfUseDate: string | null;
  /** The user's last answer to the new-document notice, on any of their clients (null: never). */
  newDocumentNoticeStatus: 'NEW_AND_SEEN' | 'OLD' | null;
};

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** GET /api/users/authenticated, from rm_users and rm_clients. Internal staff see the first page of clients. */
export async function readAuthenticatedUser(
  pool: pg.Pool,
  userId: string,
): Promise<AuthenticatedUser | null> {
  const { rows } = await pool.query<{
    first_name: string;
    last_name: string;
    email: string;
    phone_number: string | null;
    role: Role;
    client_ids: string[];
    terms_of_use_date: Date | null;
  }>(
    `select first_name, last_name, email, phone_number, role, client_ids, terms_of_use_date
     from rm_users where user_id = $1 and not is_deleted`,
    [userId],
  );
  const user = rows[0];
  if (!user) return null;
  const internal = isInternal({ userId, role: user.role, clientIds: user.client_ids });
  const clients = await pool.query<{ client_id: string; name: string; completed_setup_at: string | null }>(
    // Through to_jsonb(row): the client document's layout belongs to the client-view projection.
    `select client_id, name, coalesce(
       to_jsonb(c) #>> array['state', 'entities', 'Client:' || client_id, 'attributes', 'completedSetupAt'],
       to_jsonb(c) #>> array['state', 'stamps', 'completedSetupAt']) as completed_setup_at
     from rm_clients c ${internal ? '' : 'where client_id = any($1)'} order by name limit 25`,
    internal ? [] : [user.client_ids],
  );
  const notice = await pool.query<{ status: 'NEW_AND_SEEN' | 'OLD' }>(
    'select status from rm_document_notices where user_id = $1 order by set_at desc limit 1',
    [userId],
  );
  return {
    id: userId,
    userId,
    name: `${user.first_name} ${user.last_name}`.trim(),
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    phoneNumber: user.phone_number,
    role: user.role,
    clientIds: user.client_ids,
    clients: clients.rows.map((c) => ({
      id: c.client_id,
      name: c.name,
      completedSetupAt: c.completed_setup_at,
    })),
    termsOfUseDate: iso(user.terms_of_use_date),
    newDocumentNoticeStatus: notice.rows[0]?.status ?? null,
  };
}
