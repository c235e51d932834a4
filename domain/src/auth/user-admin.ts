import type { Actor, Role } from './actor.ts';
import { ACCESS_MESSAGES, authorize, type AccessResult, type Action, type Resource } from './permissions.ts';

/** The three user-administration areas of onboarding §7 and the roles each one holds. */
export const USER_KINDS = {
  internal: ['SLF_ADMIN', 'SLF_OWNER'],
  broker: ['BROKER'],
  'ben-admin': ['BEN_ADMIN'],
} as const satisfies Record<string, readonly Role[]>;
export type UserKind = keyof typeof USER_KINDS;
export const isUserKind = (value: string): value is UserKind => value in USER_KINDS;
export const kindOfRole = (role: Role): UserKind =>
  (Object.keys(USER_KINDS) as UserKind[]).find((kind) =>
    (USER_KINDS[kind] as readonly Role[]).includes(role),
  )!;

/** Which table row governs users of a role (platform §6 "Benefit admins and brokers", "Owners and admins"). */
export const USER_RESOURCE_BY_ROLE: Record<Role, Resource> = {
  BEN_ADMIN: 'ben-admin-users',
  BROKER: 'broker-users',
  SLF_ADMIN: 'admin-users',
  SLF_OWNER: 'owner-users',
};

/** The row that lets a user reach their own record (platform §6 "Broker record", "Benefit admin record"). */
export const OWN_RECORD_RESOURCE: Partial<Record<Role, Resource>> = {
  BROKER: 'broker-record',
  BEN_ADMIN: 'ben-admin-record',
};

export type UserTarget = { userId: string; role: Role; fields?: readonly string[] };

/**
 * Access to one user: through the administration row for the user's role, or else through the own-record
 * row (a broker editing themself). When both refuse, the own-record message wins for a user reaching for
 * another's record ('User missing valid user ID', platform §5).
 */
export function authorizeUser(actor: Actor, action: Action, target: UserTarget): AccessResult {
  const fields = target.fields ? { fields: target.fields } : {};
  const admin = authorize(actor, USER_RESOURCE_BY_ROLE[target.role], action, fields);
  if (admin.allowed) return admin;
  const ownRow = OWN_RECORD_RESOURCE[target.role];
  if (ownRow && ownRow === OWN_RECORD_RESOURCE[actor.role]) {
    return authorize(actor, ownRow, action, { userId: target.userId, ...fields });
  }
  return admin;
}

/** The roles whose users this actor may act on with `action` through the administration rows. */
export const rolesAllowed = (
  actor: Actor,
  action: Action,
  roles: readonly Role[] = Object.keys(USER_RESOURCE_BY_ROLE) as Role[],
) => roles.filter((role) => authorize(actor, USER_RESOURCE_BY_ROLE[role], action).allowed);

/**
 * A gate before any lookup by id or e-mail: someone who administers no users is refused before the server
 * says whether a user exists.
 */
export function authorizeUserAdministration(actor: Actor, action: Action): AccessResult {
  return rolesAllowed(actor, action).length > 0
    ? { allowed: true }
    : { allowed: false, message: ACCESS_MESSAGES.forbidden };
}
