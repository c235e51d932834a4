import { type Role, maySeeThread } from '@onboard/domain';
import type { Queryable } from './people.ts';

type ConversationKind = Parameters<typeof maySeeThread>[1]['kind'];

export type ThreadPerson = { userId: string; name: string; role: Role };

/**
 * The people who may see a thread of this kind on the client, by name: whom a message may @mention, read
 * by the write side (to check a mention) and the read side (to offer names) alike. Staff and the
 * client's own brokers and benefits administrators, as the permission table says for the kind.
 */
export async function threadPeople(
  db: Queryable,
  clientId: string,
  kind: ConversationKind,
): Promise<ThreadPerson[]> {
  const { rows } = await db.query<{
    user_id: string;
    first_name: string;
    last_name: string;
    role: Role;
    client_ids: string[];
  }>(
    `select user_id, first_name, last_name, role, client_ids from rm_users
      where not is_deleted and (role in ('SLF_ADMIN', 'SLF_OWNER') or $1 = any(client_ids))
      order by first_name, last_name, user_id`,
    [clientId],
  );
  return rows
    .filter((row) =>
      maySeeThread({ userId: row.user_id, role: row.role, clientIds: row.client_ids }, { clientId, kind }),
    )
    .map((row) => ({
      userId: row.user_id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      role: row.role,
    }));
}
