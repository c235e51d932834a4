import { addDays, addHours, addMinutes } from 'date-fns';
import {
  EMAIL_TEMPLATES,
  AppError,
  NotFoundError,
  ValidationError,
  type EmailContent,
  type UserProfile,
  checkPassword,
} from '@onboard/domain';
import type { EmailKind } from '@onboard/events';
import {
  ACTIVATION_LINK_DAYS,
  EXPIRED_LINK_MESSAGE,
  LOCK_MINUTES,
  MAX_FAILED_ATTEMPTS,
  RESET_LINK_HOURS,
  SIGN_IN_LINK_MINUTES,
  type AuthDeps,
} from './deps.ts';
import { hashPassword, storePassword } from './credentials.ts';
import { randomToken, sha256 } from './secrets.ts';
import {
  SYSTEM_ACTOR,
  awaitUserProjected,
  executeUserCommand,
  findActiveUserByEmail,
  loadUser,
  type EventActor,
} from './users.ts';
import { templated } from './email-port.ts';

export type LinkPurpose = 'ACTIVATE' | 'REACTIVATE' | 'RESET_PASSWORD';
/** A sign-in link: kept beside the password links, but it never sets a password nor describes itself. */
type AnyLinkPurpose = LinkPurpose | 'SIGN_IN';

const PAGE: Record<AnyLinkPurpose, string> = {
  ACTIVATE: 'activate',
  REACTIVATE: 'reactivate',
  RESET_PASSWORD: 'reset',
  SIGN_IN: 'login',
};
/** When a link issued now expires. */
const EXPIRES: Record<AnyLinkPurpose, (now: Date) => Date> = {
  ACTIVATE: (now) => addDays(now, ACTIVATION_LINK_DAYS),
  REACTIVATE: (now) => addDays(now, ACTIVATION_LINK_DAYS),
  RESET_PASSWORD: (now) => addHours(now, RESET_LINK_HOURS),
  SIGN_IN: (now) => addMinutes(now, SIGN_IN_LINK_MINUTES),
};

export class ExpiredLinkError extends AppError {
  constructor() {
    super(404, 'EXPIRED_LINK', EXPIRED_LINK_MESSAGE);
  }
}

async function activeUser(deps: AuthDeps, userId: string): Promise<UserProfile> {
  const { state } = await loadUser(deps.store, userId);
  if (state.status !== 'active') throw new NotFoundError('User not found');
  return state.user;
}

/** A single-use link token: the e-mail carries it, the table keeps only its hash. */
async function issueLink(deps: AuthDeps, user: UserProfile, purpose: AnyLinkPurpose) {
  const token = randomToken();
  const now = deps.now();
  await deps.pool.query(
    `insert into auth_link_tokens (token_hash, user_id, purpose, created_at, expires_at) values ($1, $2, $3, $4, $5)`,
    [sha256(token), user.userId, purpose, now, EXPIRES[purpose](now)],
  );
  const parameter = purpose === 'SIGN_IN' ? 'signInLink' : 'token';
  return `${deps.publicUrl().replace(/\/+$/, '')}/${PAGE[purpose]}?${parameter}=${encodeURIComponent(token)}`;
}

/** A template's e-mail to the user, carrying the link it was built with. */
const sendTemplateEmail = (
  deps: AuthDeps,
  user: UserProfile,
  email: { kind: EmailKind; content: EmailContent; link: string; clientId: string | null; actor: EventActor },
) => {
  const { kind, content, link, clientId, actor } = email;
  return deps.emailSender.send({
    kind,
    userIds: [user.userId],
    to: [user.email],
    ...templated(content),
    link,
    clientId,
    actor,
  });
};

/** A plain e-mail to the user about their own account: a greeting, what happened, the link, how long it lasts. */
const sendAccountEmail = (
  deps: AuthDeps,
  user: UserProfile,
  email: { subject: string; why: string[]; link: string; expiry: string },
) =>
  deps.emailSender.send({
    to: [user.email],
    subject: email.subject,
    body: [`Hello ${user.firstName},`, '', ...email.why, email.link, '', email.expiry].join('\n'),
    link: email.link,
    clientId: null,
    actor: { userId: user.userId, role: user.role },
  });

/**
 * The welcome e-mail with its activation link (7 days). A user who once set a password gets the
 * reactivation page instead. Records UserWelcomeEmailSent on the user's stream.
 */
export async function sendActivationEmail(deps: AuthDeps, userId: string, actor: EventActor = SYSTEM_ACTOR) {
  const user = await activeUser(deps, userId);
  const purpose: LinkPurpose = user.firstPasswordSet ? 'REACTIVATE' : 'ACTIVATE';
  const link = await issueLink(deps, user, purpose);
  const content = EMAIL_TEMPLATES.ACTIVATION!.build({
    firstName: user.firstName,
    link,
    days: String(ACTIVATION_LINK_DAYS),
  });
  if (purpose === 'REACTIVATE') {
    content.subject = 'Reactivate your Onboard account';
    content.paragraphs = ['Choose a new password to reactivate your Onboard account.'];
    content.action = { label: 'Reactivate your account', url: link };
  }
  const { emailId } = await sendTemplateEmail(deps, user, {
    kind: 'ACTIVATION',
    content,
    link,
    clientId: user.clientIds[0] ?? null,
    actor,
  });
  await executeUserCommand(deps, actor, userId, { type: 'RecordWelcomeEmail', data: { emailId } });
  return { emailId };
}

/**
 * A fresh activation (or reactivation) link for an admin to copy and pass on (platform §6 'copy
 * activation link'); nothing is e-mailed.
 */
export async function createActivationLink(deps: AuthDeps, userId: string): Promise<string> {
  const user = await activeUser(deps, userId);
  return issueLink(deps, user, user.firstPasswordSet ? 'REACTIVATE' : 'ACTIVATE');
}

/** A password-reset link (1 hour) to the user's address. */
export async function sendPasswordReset(deps: AuthDeps, userId: string, actor: EventActor = SYSTEM_ACTOR) {
  const user = await activeUser(deps, userId);
  const link = await issueLink(deps, user, 'RESET_PASSWORD');
  const content = EMAIL_TEMPLATES.PASSWORD_RESET!.build({
    firstName: user.firstName,
    link,
    hours: String(RESET_LINK_HOURS),
  });
  return sendTemplateEmail(deps, user, { kind: 'PASSWORD_RESET', content, link, clientId: null, actor });
}

/**
 * Tells a user their account was just locked: wrong codes after the right password mean someone may know
 * it, so the e-mail carries a reset link (a new password also lifts the lock).
 */
export async function sendLockedEmail(deps: AuthDeps, userId: string) {
  const user = await activeUser(deps, userId);
  const link = await issueLink(deps, user, 'RESET_PASSWORD');
  return sendAccountEmail(deps, user, {
    subject: 'Your Onboard account is locked',
    why: [
      `Your Onboard account was locked for ${LOCK_MINUTES} minutes after ${MAX_FAILED_ATTEMPTS} wrong codes from your authenticator app, entered after your password.`,
      'If it was not you, someone knows your password: choose a new one now, which also unlocks your account:',
    ],
    link,
    expiry: `The link works once and expires in ${RESET_LINK_HOURS} hour.`,
  });
}

/**
 * 'Email me a sign-in link' (offered once an account's password sign-in is throttled): a single-use link
 * for SIGN_IN_LINK_MINUTES that leads past the account's count to the second factor, which it still asks.
 * Silent about unknown addresses; a user with no second factor set up gets none (the link alone would be
 * one factor).
 */
export async function requestSignInLink(deps: AuthDeps, email: string) {
  const found = await findActiveUserByEmail(deps.store, email);
  if (!found) return;
  const { rows } = await deps.pool.query<{ totp_secret: string | null }>(
    'select totp_secret from auth_credentials where user_id = $1',
    [found.user.userId],
  );
  if (!rows[0]?.totp_secret) return;
  const user = found.user;
  const link = await issueLink(deps, user, 'SIGN_IN');
  await sendAccountEmail(deps, user, {
    subject: 'Your Onboard sign-in link',
    why: [
      'You asked for a link to sign in to Onboard: it takes you to the code from your authenticator app.',
    ],
    link,
    expiry: `The link works once and expires in ${SIGN_IN_LINK_MINUTES} minutes. If you did not ask for it, ignore this e-mail: someone is trying passwords on your account, and the link is no use without your authenticator app.`,
  });
}

/** Spends a sign-in link: the user it was for, or EXPIRED_LINK (unknown, used, expired). */
export async function redeemSignInLink(deps: AuthDeps, token: string): Promise<UserProfile> {
  const { rows } = await deps.pool.query<{ user_id: string }>(
    `update auth_link_tokens set used_at = $2
      where token_hash = $1 and purpose = 'SIGN_IN' and used_at is null and expires_at > $2
      returning user_id`,
    [sha256(token), deps.now()],
  );
  if (!rows[0]) throw new ExpiredLinkError();
  const { state } = await loadUser(deps.store, rows[0].user_id);
  if (state.status !== 'active') throw new ExpiredLinkError();
  return state.user;
}

/** The public 'forgot password' call: silent about unknown addresses, so it cannot enumerate accounts. */
export async function requestPasswordReset(deps: AuthDeps, email: string) {
  const found = await findActiveUserByEmail(deps.store, email);
  if (!found) {
    deps.logger.info(
      { event: 'password-reset-unknown-address' },
      'password reset asked for an unknown address',
    );
    return;
  }
  await sendPasswordReset(deps, found.user.userId, { userId: found.user.userId, role: found.user.role });
}

/**
 * Forgets the user's authenticator and remembered devices; the next sign-in enrols a new one. Open
 * sessions stay: MFA guards the sign-in, and the admin may delete the user to end those.
 */
export async function resetMfa(deps: AuthDeps, userId: string, actor: EventActor = SYSTEM_ACTOR) {
  await activeUser(deps, userId);
  await deps.pool.query(
    'update auth_credentials set totp_secret = null, totp_pending_secret = null where user_id = $1',
    [userId],
  );
  await deps.pool.query('delete from auth_devices where user_id = $1', [userId]);
  await executeUserCommand(deps, actor, userId, { type: 'ResetMfa', data: {} });
}

/** A password link (activation, reactivation, reset); a sign-in link is never one. */
async function findLink(deps: AuthDeps, token: string) {
  const { rows } = await deps.pool.query<{ user_id: string; purpose: LinkPurpose }>(
    `select user_id, purpose from auth_link_tokens
      where token_hash = $1 and used_at is null and expires_at > $2 and purpose <> 'SIGN_IN'`,
    [sha256(token), deps.now()],
  );
  return rows[0] ?? null;
}

/** GET /api/users/auth-token/{token}: who the link is for, or EXPIRED_LINK. */
export async function describeLink(deps: AuthDeps, token: string) {
  const link = await findLink(deps, token);
  if (!link) throw new ExpiredLinkError();
  const { state } = await loadUser(deps.store, link.user_id);
  if (state.status !== 'active') throw new ExpiredLinkError();
  return { email: state.user.email, firstName: state.user.firstName, purpose: link.purpose };
}

/**
 * Sets the password from a link: the policy first (nothing is consumed on a refused password), then the
 * token is consumed and the hash stored in one transaction, so a link can never set two passwords.
 */
export async function upsertPassword(deps: AuthDeps, token: string, password: string) {
  const link = await findLink(deps, token);
  if (!link) throw new ExpiredLinkError();
  const { state } = await loadUser(deps.store, link.user_id);
  if (state.status !== 'active') throw new ExpiredLinkError();
  const check = checkPassword(password, state.user.email);
  if (!check.ok) throw new ValidationError({ 'body.password': check.message });
  const hash = await hashPassword(password);
  const now = deps.now();
  const tx = await deps.pool.connect();
  try {
    await tx.query('begin');
    const { rowCount } = await tx.query(
      'update auth_link_tokens set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2',
      [sha256(token), now],
    );
    if (rowCount !== 1) throw new ExpiredLinkError();
    await storePassword(tx, link.user_id, hash, now);
    // Any other open link for this user is spent too: the newest password wins.
    await tx.query('update auth_link_tokens set used_at = $2 where user_id = $1 and used_at is null', [
      link.user_id,
      now,
    ]);
    await tx.query('commit');
  } catch (error) {
    await tx.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    tx.release();
  }
  const actor = { userId: state.user.userId, role: state.user.role };
  const { revision } = await executeUserCommand(deps, actor, link.user_id, {
    type: 'RecordPasswordSet',
    data: {},
  });
  await awaitUserProjected(deps.pool, link.user_id, revision, 2000);
}

/**
 * Sets a password without a link (the demo seed): stores the hash and records UserPasswordSet. The
 * policy applies here too.
 */
export async function setPassword(
  deps: AuthDeps,
  userId: string,
  password: string,
  actor: EventActor = SYSTEM_ACTOR,
) {
  const user = await activeUser(deps, userId);
  const check = checkPassword(password, user.email);
  if (!check.ok) throw new ValidationError({ 'body.password': check.message });
  const now = deps.now();
  await storePassword(deps.pool, userId, await hashPassword(password), now);
  await executeUserCommand(deps, actor, userId, { type: 'RecordPasswordSet', data: {} });
}
