import { personLabel, type RuleRole } from '@onboard/domain';

/** Anything that runs a parameterised query (a pg pool or client). */
export type Queryable = {
  query: <Row extends Record<string, unknown>>(text: string, values?: unknown[]) => Promise<{ rows: Row[] }>;
};

/** One of the people of a client its e-mail rules address. */
export type ClientPerson = {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: RuleRole;
};

/**
 * The client's people: its benefits administrators and brokers, and its implementation consultant (role
 * CONSULTANT here, whatever their staff role), by address or by role then last name.
 */
export async function readClientPeople(
  db: Queryable,
  clientId: string,
  orderBy: 'email' | 'role, last_name',
): Promise<ClientPerson[]> {
  const { rows } = await db.query<ClientPerson>(
    `select user_id, first_name, last_name, email, role from rm_users
     where not is_deleted and role in ('BEN_ADMIN', 'BROKER') and $1 = any(client_ids)
     union all
     select u.user_id, u.first_name, u.last_name, u.email, 'CONSULTANT' from rm_client_lifecycle l
       join rm_users u on u.user_id = l.implementation_consultant_user_id and not u.is_deleted
      where l.client_id = $1
     order by ${orderBy}`,
    [clientId],
  );
  return rows;
}

const OUTSIDE_SIGNER_PREFIX = 'outside-signer:';
const ACTION_REF = /^[0-9a-f]{16}$/;

/**
 * The people behind the ids the EIF records, in words, for the answers both sides give: a user as
 * "First Last (Role)" from the users read model; an outside signer (who acts by link, recorded as
 * `outside-signer:<e-mail>`, and whose signature names the invitation by a 16-hex prefix of its hash) as
 * "First Last (Outside signer)" from the invitations. An id nobody can name is left out: screens then
 * say the role instead.
 */
export async function resolvePeople(
  db: Queryable,
  clientId: string,
  ids: Iterable<string | null | undefined>,
): Promise<Record<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && id !== ''))];
  const people: Record<string, string> = {};
  if (wanted.length === 0) return people;
  const emails = wanted
    .filter((id) => id.startsWith(OUTSIDE_SIGNER_PREFIX))
    .map((id) => id.slice(OUTSIDE_SIGNER_PREFIX.length).toLowerCase());
  const refs = wanted.filter((id) => ACTION_REF.test(id));
  const users = wanted.filter((id) => !id.startsWith(OUTSIDE_SIGNER_PREFIX));
  const [userRows, signerRows] = await Promise.all([
    users.length === 0
      ? { rows: [] }
      : db.query<{ user_id: string; first_name: string; last_name: string; role: string }>(
          'select user_id, first_name, last_name, role from rm_users where user_id = any($1)',
          [users],
        ),
    emails.length === 0 && refs.length === 0
      ? { rows: [] }
      : db.query<{ email: string; ref: string; first_name: string; last_name: string }>(
          `select lower(email) as email, left(action_hash, 16) as ref, first_name, last_name
             from outside_signer_actions
            where client_id = $1 and (lower(email) = any($2) or left(action_hash, 16) = any($3))
            order by created_at`,
          [clientId, emails, refs],
        ),
  ]);
  for (const row of userRows.rows)
    people[row.user_id] = personLabel({ firstName: row.first_name, lastName: row.last_name, role: row.role });
  for (const row of signerRows.rows) {
    const name = personLabel({ firstName: row.first_name, lastName: row.last_name, role: 'OUTSIDE_SIGNER' });
    if (emails.includes(row.email)) people[`${OUTSIDE_SIGNER_PREFIX}${row.email}`] = name;
    if (refs.includes(row.ref)) people[row.ref] = name;
  }
  // The recorded e-mail keeps its case: answer for the id as recorded.
  for (const id of wanted)
    if (id.startsWith(OUTSIDE_SIGNER_PREFIX) && !people[id]) {
      const found = people[`${OUTSIDE_SIGNER_PREFIX}${id.slice(OUTSIDE_SIGNER_PREFIX.length).toLowerCase()}`];
      if (found) people[id] = found;
    }
  return people;
}

/** Every actor id a client view names: the stamps' and the pending changes' authors. */
export function actorIdsOfView(view: {
  pendingChanges?: readonly { by: Record<string, unknown> }[];
  [key: string]: unknown;
}): string[] {
  const stamps = [
    'eifSignedBy',
    'eifOutsideSignedBy',
    'deifChangesReadyForReviewBy',
    'deifChangesAcceptedBy',
    'deifChangesDeclinedBy',
    'deifChangesUndoneBy',
  ].map((key) => view[key]);
  const authors = (view.pendingChanges ?? []).map((change) => change.by.userId);
  return [...stamps, ...authors].filter((id): id is string => typeof id === 'string');
}

/** The view with `people`: every id it names, in words. */
export async function withPeople<View extends { id: string; [key: string]: unknown }>(
  db: Queryable,
  view: View,
): Promise<View & { people: Record<string, string> }> {
  return {
    ...view,
    people: await resolvePeople(db, view.id, actorIdsOfView(view as Parameters<typeof actorIdsOfView>[0])),
  };
}
