import type { Request } from 'express';
import { normaliseEmail } from '@onboard/events';
import {
  ACCESS_MESSAGES,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  OWN_RECORD_RESOURCE,
  USER_KINDS,
  authorizeUser,
  authorizeUserAdministration,
  type Action,
  type Actor,
  type Role,
  type UserKind,
  type UserProfile,
  type UserState,
} from '@onboard/domain';
import {
  executeUserCommand,
  loadUser,
  releaseEmail,
  reserveEmail,
  type UserStoreDeps,
} from '../auth/index.ts';
import { requireActor, type CommandDeps } from '../http/context.ts';
import type { UserAccountPort } from './ports.ts';

/** `pool` completes the identity side's UserStoreDeps, whose user and e-mail functions these routes share. */
export type UserAdminCommandDeps = CommandDeps & Pick<UserStoreDeps, 'pool'> & { accounts: UserAccountPort };

/** A user as the administration screens show it; `version` is the If-Match value for an edit. */
export function userView(user: UserProfile, revision: bigint) {
  return {
    id: user.userId,
    userId: user.userId,
    name: `${user.firstName} ${user.lastName}`.trim(),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    role: user.role,
    clientIds: user.clientIds,
    welcomeEmailSentDate: user.welcomeEmailSentDate,
    firstLogin: user.firstLogin,
    lastLogin: user.lastLogin,
    firstPasswordSet: user.firstPasswordSet,
    lastPasswordSet: user.lastPasswordSet,
    termsOfUseDate: user.termsOfUseDate,
    isMfaEnrolled: user.isMfaEnrolled,
    version: Number(revision),
  };
}

export const CLIENT_USER_KINDS = ['broker', 'ben-admin'] as const;

export function allow(
  actor: Actor,
  action: Action,
  target: { userId: string; role: Role; fields?: readonly string[] },
) {
  const access = authorizeUser(actor, action, target);
  if (!access.allowed) throw new ForbiddenError(access.message);
}

/**
 * Before loading a user by id: someone who administers nobody may only reach their own record, so a
 * broker cannot learn from a 404 whether another user exists.
 */
/** Chosen: the spec has no wording for it. */
export const OWN_ACCOUNT_DELETE_MESSAGE = 'You cannot delete your own account. Another owner or admin can.';
export const OWN_MFA_RESET_MESSAGE =
  'You cannot reset your own second factor. Another owner or admin can reset it for you.';

function gateById(actor: Actor, userId: string, action: Action) {
  if (authorizeUserAdministration(actor, action).allowed || userId === actor.userId) return;
  throw new ForbiddenError(
    OWN_RECORD_RESOURCE[actor.role] ? ACCESS_MESSAGES.missingUserId : ACCESS_MESSAGES.forbidden,
  );
}

export function gateAdministration(actor: Actor, action: Action) {
  const access = authorizeUserAdministration(actor, action);
  if (!access.allowed) throw new ForbiddenError(access.message);
}

/** The live user or a 404: deleted users are gone for administration. */
export async function loadActiveUser(deps: UserStoreDeps, userId: string) {
  const { state, revision } = await loadUser(deps.store, userId);
  if (state.status !== 'active') throw new NotFoundError('User not found');
  return { user: state.user, revision };
}

/** The user behind a kind's path: a user of another kind is not found there. */
export async function loadOfKind(deps: UserStoreDeps, kind: UserKind, userId: string) {
  const loaded = await loadActiveUser(deps, userId);
  if (!(USER_KINDS[kind] as readonly Role[]).includes(loaded.user.role))
    throw new NotFoundError('User not found');
  return loaded;
}

/**
 * A user of the list's kind that the caller may `action`: gated by id first (no lookup for who may not
 * act on others), then loaded, then allowed against the user's role (and the fields sent, if any).
 */
export async function loadToChange(
  deps: UserStoreDeps,
  kind: UserKind,
  actor: Actor,
  userId: string,
  action: Action,
  fields?: readonly string[],
) {
  gateById(actor, userId, action);
  const loaded = await loadOfKind(deps, kind, userId);
  allow(actor, action, { userId, role: loaded.user.role, ...(fields ? { fields } : {}) });
  return loaded;
}

/**
 * An edit made against an older version is refused before anything is written, with the administration
 * screen's wording; executeUserCommand checks again at append time for a write that lands in between.
 */
export function assertVersion(ifMatch: bigint | null, revision: bigint) {
  if (ifMatch !== null && ifMatch !== revision) {
    throw new ConflictError('This user was changed by someone else. Reload to see the latest version.', {
      currentVersion: Number(revision),
    });
  }
}

/** The user as the command left them; only a deletion leaves no user, and no route shows one. */
export function viewOf(result: { state: UserState; revision: bigint }) {
  if (result.state.status !== 'active') throw new NotFoundError('User not found');
  return userView(result.state.user, result.revision);
}

export const bodyKeys = (body: unknown) => (body && typeof body === 'object' ? Object.keys(body) : []);

/**
 * Changes a user's profile, moving the e-mail reservation when the address changes: the new address is
 * claimed first (EMAIL_TAKEN stops everything), and given back if the profile append fails.
 */
export async function changeProfile(
  deps: UserStoreDeps,
  actor: Actor,
  user: UserProfile,
  changes: { firstName?: string; lastName?: string; email?: string; phoneNumber?: string | null },
  ifMatch: bigint | null,
) {
  const email = changes.email === undefined ? undefined : normaliseEmail(changes.email);
  const isNewEmail = email !== undefined && email !== normaliseEmail(user.email);
  if (isNewEmail) await reserveEmail(deps, actor, email, user.userId);
  try {
    const result = await executeUserCommand(
      deps,
      actor,
      user.userId,
      { type: 'ChangeProfile', data: { changes: { ...changes, ...(email === undefined ? {} : { email }) } } },
      ifMatch,
    );
    if (isNewEmail) await releaseEmail(deps, actor, user.email, user.userId);
    return result;
  } catch (error) {
    if (isNewEmail) await releaseEmail(deps, actor, email, user.userId);
    throw error;
  }
}

/** What every handler of user administration shares: the dependencies and the caller on a user's path. */
export type UserAdmin = ReturnType<typeof userAdmin>;

export function userAdmin(deps: UserAdminCommandDeps) {
  /** The caller, and the user the path names. */
  const callerOn = async (req: Request) => ({
    actor: await requireActor(deps.authenticate, req),
    userId: String(req.params.userId),
  });
  return { deps, accounts: deps.accounts, callerOn };
}
