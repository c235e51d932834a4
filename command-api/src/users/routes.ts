import { Router } from 'express';
import { eifStream, normaliseEmail } from '@onboard/events';
import {
  ACCESS_MESSAGES,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  OWN_RECORD_RESOURCE,
  SAME_SIGN_IN_MS,
  USER_KINDS,
  ValidationError,
  authorizeUser,
  authorizeUserAdministration,
  type Action,
  type Actor,
  type Role,
  type UserKind,
  type UserProfile,
  type UserState,
  isInternal,
} from '@onboard/domain';
import {
  executeUserCommand,
  findActiveUserByEmail,
  loadUser,
  registerUser,
  releaseEmail,
  reserveEmail,
  type UserStoreDeps,
} from '../auth/index.ts';
import { requireActor, requirePermission, type CommandDeps } from '../http/context.ts';
import { parseIfMatch } from '../http/validate.ts';
import type { RouteContract } from '@onboard/api-contract';
import { mount } from '@onboard/api-contract/express';
import type { UserAccountPort } from './ports.ts';
import {
  USER_KIND_COMMANDS,
  bulkUpdateEmails,
  changeBenAdminToBroker,
  copyActivationLink,
  recordLoggedIn,
  resetMfaByEmail,
  sendActivationByEmail,
  sendPasswordResetById,
} from './routes.contract.ts';

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

const CLIENT_USER_KINDS = ['broker', 'ben-admin'] as const;

function allow(
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
const OWN_MFA_RESET_MESSAGE =
  'You cannot reset your own second factor. Another owner or admin can reset it for you.';

function gateById(actor: Actor, userId: string, action: Action) {
  if (authorizeUserAdministration(actor, action).allowed || userId === actor.userId) return;
  throw new ForbiddenError(
    OWN_RECORD_RESOURCE[actor.role] ? ACCESS_MESSAGES.missingUserId : ACCESS_MESSAGES.forbidden,
  );
}

function gateAdministration(actor: Actor, action: Action) {
  const access = authorizeUserAdministration(actor, action);
  if (!access.allowed) throw new ForbiddenError(access.message);
}

/** The live user or a 404: deleted users are gone for administration. */
async function loadActiveUser(deps: UserStoreDeps, userId: string) {
  const { state, revision } = await loadUser(deps.store, userId);
  if (state.status !== 'active') throw new NotFoundError('User not found');
  return { user: state.user, revision };
}

/** The user behind a kind's path: a user of another kind is not found there. */
async function loadOfKind(deps: UserStoreDeps, kind: UserKind, userId: string) {
  const loaded = await loadActiveUser(deps, userId);
  if (!(USER_KINDS[kind] as readonly Role[]).includes(loaded.user.role))
    throw new NotFoundError('User not found');
  return loaded;
}

/**
 * An edit made against an older version is refused before anything is written, with the administration
 * screen's wording; executeUserCommand checks again at append time for a write that lands in between.
 */
function assertVersion(ifMatch: bigint | null, revision: bigint) {
  if (ifMatch !== null && ifMatch !== revision) {
    throw new ConflictError('This user was changed by someone else. Reload to see the latest version.', {
      currentVersion: Number(revision),
    });
  }
}

/** The user as the command left them; only a deletion leaves no user, and no route shows one. */
function viewOf(result: { state: UserState; revision: bigint }) {
  if (result.state.status !== 'active') throw new NotFoundError('User not found');
  return userView(result.state.user, result.revision);
}

const bodyKeys = (body: unknown) => (body && typeof body === 'object' ? Object.keys(body) : []);

/**
 * Changes a user's profile, moving the e-mail reservation when the address changes: the new address is
 * claimed first (EMAIL_TAKEN stops everything), and given back if the profile append fails.
 */
async function changeProfile(
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

/** User administration, onboarding §6-§7: internal users, brokers and ben-admins. */
export function createUserAdminCommands(deps: UserAdminCommandDeps): Router {
  const router = Router();
  const { accounts } = deps;

  // Registered first, so its fixed segments are never read as a kind or a user id.
  mount(router, recordLoggedIn, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    // The sign-in itself was stamped when the session was exchanged, moments ago: that is this sign-in.
    const sameSignInSince = new Date(deps.now().getTime() - SAME_SIGN_IN_MS).toISOString();
    const { state } = await executeUserCommand(deps, actor, actor.userId, {
      type: 'RecordLoggedIn',
      data: { sameSignInSince },
    });
    if (state.status !== 'active') throw new NotFoundError('User not found');
    res.json({ firstLogin: state.user.firstLogin, lastLogin: state.user.lastLogin });
  });

  for (const kind of Object.keys(USER_KINDS) as UserKind[]) {
    const routes = USER_KIND_COMMANDS[kind];

    mount(router, routes.create, async (req, res, input) => {
      const actor = await requireActor(deps.authenticate, req);
      gateAdministration(actor, 'create');
      const sent = input.body();
      // Internal users are created without clients; a client kind has one role, fixed by the path.
      const body =
        'role' in sent ? { ...sent, clientIds: [] as string[] } : { ...sent, role: USER_KINDS[kind][0] };
      const userId = deps.newId();
      // Only an owner creates owners (and admins): the table's 'Owners and admins' row.
      allow(actor, 'create', { userId, role: body.role });
      if (body.clientIds.length > 0) requirePermission(actor, 'client-assignment', 'update');
      const email = normaliseEmail(body.email);
      const created = await registerUser(deps, actor, {
        userId,
        role: body.role,
        firstName: body.firstName,
        lastName: body.lastName,
        email,
        phoneNumber: body.phoneNumber ?? null,
        clientIds: [...new Set(body.clientIds)],
      });
      if (body.sendWelcomeEmail) await accounts.sendActivationEmail(userId, actor);
      res.status(201).setHeader('ETag', `"${created.revision}"`).json(viewOf(created));
    });

    mount(router, routes.update, async (req, res, input) => {
      const actor = await requireActor(deps.authenticate, req);
      const userId = String(req.params.userId);
      gateById(actor, userId, 'update');
      // Fields are checked against the table before the schema, so a broker sending clientIds for their
      // own record gets the permission answer, not a schema one.
      const { user, revision } = await loadOfKind(deps, kind, userId);
      allow(actor, 'update', { userId, role: user.role, fields: bodyKeys(req.body) });
      const body = input.body();
      const ifMatch = parseIfMatch(req.header('if-match'));
      assertVersion(ifMatch, revision);
      const result = await changeProfile(deps, actor, user, body, ifMatch);
      res.setHeader('ETag', `"${result.revision}"`).json(viewOf(result));
    });

    mount(router, routes.remove, async (req, res) => {
      const actor = await requireActor(deps.authenticate, req);
      const userId = String(req.params.userId);
      // Staff would lock themselves (and perhaps every owner) out: another member of staff does it.
      if (userId === actor.userId && isInternal(actor)) throw new ForbiddenError(OWN_ACCOUNT_DELETE_MESSAGE);
      gateById(actor, userId, 'delete');
      const { user, revision } = await loadOfKind(deps, kind, userId);
      allow(actor, 'delete', { userId, role: user.role });
      const ifMatch = parseIfMatch(req.header('if-match'));
      assertVersion(ifMatch, revision);
      await executeUserCommand(deps, actor, userId, { type: 'DeleteUser', data: {} }, ifMatch);
      await releaseEmail(deps, actor, user.email, userId);
      res.status(204).end();
    });

    mount(router, routes.sendActivation, async (req, res) => {
      const actor = await requireActor(deps.authenticate, req);
      const userId = String(req.params.userId);
      gateById(actor, userId, 'update');
      const { user } = await loadOfKind(deps, kind, userId);
      allow(actor, 'update', { userId, role: user.role });
      await accounts.sendActivationEmail(userId, actor);
      res.status(204).end();
    });
  }

  for (const kind of CLIENT_USER_KINDS) {
    for (const [verb, type] of [
      ['assign', 'AssignToClient'],
      ['unassign', 'UnassignFromClient'],
    ] as const) {
      mount(router, USER_KIND_COMMANDS[kind][verb], async (req, res) => {
        const actor = await requireActor(deps.authenticate, req);
        requirePermission(actor, 'client-assignment', 'update');
        const userId = String(req.params.userId);
        const clientId = String(req.params.clientId);
        await loadOfKind(deps, kind, userId);
        if (verb === 'assign') {
          const client = await deps.store.readStream(eifStream(clientId), { maxCount: 1 });
          if (client.length === 0) throw new NotFoundError('Client not found');
        }
        const result = await executeUserCommand(deps, actor, userId, { type, data: { clientId } });
        res.setHeader('ETag', `"${result.revision}"`).json(viewOf(result));
      });
    }
  }

  mount(router, changeBenAdminToBroker, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const userId = String(req.params.userId);
    gateAdministration(actor, 'update');
    await loadOfKind(deps, 'ben-admin', userId);
    allow(actor, 'update', { userId, role: 'BEN_ADMIN' });
    allow(actor, 'create', { userId, role: 'BROKER' });
    const result = await executeUserCommand(deps, actor, userId, {
      type: 'ChangeBenAdminToBroker',
      data: {},
    });
    res.setHeader('ETag', `"${result.revision}"`).json(viewOf(result));
  });

  mount(router, copyActivationLink, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    requirePermission(actor, 'activation-link', 'create');
    const userId = String(req.params.userId);
    const { user } = await loadActiveUser(deps, userId);
    // A link signs its holder in as the user: only for users the actor may administer.
    allow(actor, 'update', { userId, role: user.role });
    res.json({ link: await accounts.createActivationLink(userId, actor) });
  });

  mount(router, sendPasswordResetById, async (req, res) => {
    const actor = await requireActor(deps.authenticate, req);
    const userId = String(req.params.userId);
    gateAdministration(actor, 'update');
    const { user } = await loadActiveUser(deps, userId);
    allow(actor, 'update', { userId, role: user.role });
    await accounts.sendPasswordReset(userId, actor);
    res.status(204).end();
  });

  const byEmail = (contract: RouteContract, run: (userId: string, actor: Actor) => Promise<unknown>) =>
    mount(router, contract, async (req, res) => {
      const actor = await requireActor(deps.authenticate, req);
      gateAdministration(actor, 'update');
      const found = await findActiveUserByEmail(deps.store, String(req.params.email));
      if (!found) throw new NotFoundError('User not found');
      const { user } = found;
      allow(actor, 'update', { userId: user.userId, role: user.role });
      await run(user.userId, actor);
      res.status(204).end();
    });
  // Nobody resets their own second factor: whoever holds a session (or just the password) would otherwise
  // enrol an authenticator of their own at the next sign-in. Another administrator resets it.
  byEmail(resetMfaByEmail, (userId, actor) => {
    if (userId === actor.userId) throw new ForbiddenError(OWN_MFA_RESET_MESSAGE);
    return accounts.resetMfa(userId, actor);
  });
  byEmail(sendActivationByEmail, (userId, actor) => accounts.sendActivationEmail(userId, actor));

  mount(router, bulkUpdateEmails, async (req, res, input) => {
    const actor = await requireActor(deps.authenticate, req);
    requirePermission(actor, 'bulk-email-update', 'update');
    const { users } = input.body();
    const seen = new Map<string, number>();
    users.forEach((entry, index) => {
      const email = normaliseEmail(entry.email);
      if (seen.has(email))
        throw new ValidationError({ [`body.users.${index}.email`]: 'This e-mail is already in the list' });
      seen.set(email, index);
    });
    // Everything is checked before anything is written, so a refused entry leaves every user unchanged.
    const loaded = await Promise.all(
      users.map(async (entry, index) => {
        const { user } = await loadActiveUser(deps, entry.userId);
        allow(actor, 'update', { userId: user.userId, role: user.role, fields: ['email'] });
        const holder = await findActiveUserByEmail(deps.store, entry.email);
        if (holder && holder.user.userId !== user.userId) {
          throw new ValidationError({
            [`body.users.${index}.email`]: 'A user with this e-mail already exists.',
          });
        }
        return { user, entry };
      }),
    );
    const updated = [];
    for (const { user, entry } of loaded) {
      const result = await changeProfile(deps, actor, user, { email: entry.email }, null);
      await accounts.sendActivationEmail(user.userId, actor);
      updated.push(viewOf(result));
    }
    res.json({ users: updated });
  });

  return router;
}
