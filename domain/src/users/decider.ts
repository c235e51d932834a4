import type { UserEvent } from '@onboard/events';
import type { Role } from '../auth/actor.ts';
import {
  accepted,
  refused,
  type Command,
  type CommandMetadata,
  type Decider,
  type Decision,
  type Intent,
} from '../decider.ts';
import { unhandled } from '../exhaustive.ts';

/** A user as folded from the `user-{userId}` stream. */
export type UserProfile = {
  userId: string;
  role: Role;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  clientIds: string[];
  welcomeEmailSentDate: string | null;
  firstPasswordSet: string | null;
  lastPasswordSet: string | null;
  isMfaEnrolled: boolean;
  termsOfUseDate: string | null;
  firstLogin: string | null;
  lastLogin: string | null;
};

export type UserState =
  { status: 'none' } | { status: 'active'; user: UserProfile } | { status: 'deleted'; user: UserProfile };

export const initialUserState = (): UserState => ({ status: 'none' });

export const EDITABLE_PROFILE_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;
export type ProfileField = (typeof EDITABLE_PROFILE_FIELDS)[number];

type Meta = CommandMetadata;
export type UserCommand =
  | Command<
      'RegisterUser',
      {
        userId: string;
        role: Role;
        firstName: string;
        lastName: string;
        email: string;
        phoneNumber: string | null;
        clientIds: string[];
      },
      Meta
    >
  | Command<'ChangeProfile', { changes: Partial<Record<ProfileField, string | null>> }, Meta>
  | Command<'AssignToClient', { clientId: string }, Meta>
  | Command<'UnassignFromClient', { clientId: string }, Meta>
  | Command<'ChangeBenAdminToBroker', Record<string, never>, Meta>
  | Command<'RecordWelcomeEmail', { emailId: string }, Meta>
  | Command<'RecordPasswordSet', Record<string, never>, Meta>
  | Command<'RecordMfaEnrolled', Record<string, never>, Meta>
  | Command<'ResetMfa', Record<string, never>, Meta>
  | Command<'AcceptTermsOfUse', Record<string, never>, Meta>
  | Command<'RecordSignIn', Record<string, never>, Meta>
  /** `sameSignInSince`: an ISO time; a sign-in stamped at or after it is the one this call is about. */
  | Command<'RecordLoggedIn', { sameSignInSince: string }, Meta>
  | Command<'DeleteUser', Record<string, never>, Meta>;
/** A user command as a handler builds it; the command handler adds the time and actor. */
export type UserIntent = Intent<UserCommand>;

export type UserError = { code: 'NOT_FOUND' | 'ALREADY_EXISTS' | 'NOT_ALLOWED'; message: string };
export type UserDecision = Decision<UserEvent, UserError>;

const ok = (...events: UserEvent[]): UserDecision => accepted(...events);
const refuse = (code: UserError['code'], message: string): UserDecision => refused({ code, message });

/** A logged-in call within this long of the last stamped sign-in belongs to that sign-in. */
export const SAME_SIGN_IN_MS = 60_000;

/** Roles whose users are scoped to clients (platform §6: 'own' scope). */
export const isClientScopedRole = (role: Role) => role === 'BEN_ADMIN' || role === 'BROKER';

export function decideUser(command: UserCommand, state: UserState): UserDecision {
  if (command.type === 'RegisterUser') {
    if (state.status !== 'none') return refuse('ALREADY_EXISTS', 'User already exists');
    const { data } = command;
    return ok({
      type: 'UserRegistered',
      data: { ...data, clientIds: isClientScopedRole(data.role) ? data.clientIds : [] },
    });
  }
  if (state.status !== 'active') return refuse('NOT_FOUND', 'User not found');
  const { user } = state;
  const userId = user.userId;
  const { at } = command.metadata;
  switch (command.type) {
    case 'ChangeProfile': {
      const changes = Object.entries(command.data.changes)
        .filter(([key, value]) => value !== undefined && user[key as ProfileField] !== value)
        .map(([attributeKey, value]) => ({
          attributeKey,
          value,
          previousValue: user[attributeKey as ProfileField],
        }));
      return changes.length === 0 ? ok() : ok({ type: 'UserProfileChanged', data: { userId, changes } });
    }
    case 'AssignToClient':
      if (!isClientScopedRole(user.role))
        return refuse('NOT_ALLOWED', 'Only brokers and ben-admins are assigned to clients');
      return user.clientIds.includes(command.data.clientId)
        ? ok()
        : ok({ type: 'UserAssignedToClient', data: { userId, clientId: command.data.clientId } });
    case 'UnassignFromClient':
      return user.clientIds.includes(command.data.clientId)
        ? ok({ type: 'UserUnassignedFromClient', data: { userId, clientId: command.data.clientId } })
        : ok();
    case 'ChangeBenAdminToBroker':
      if (user.role !== 'BEN_ADMIN')
        return refuse('NOT_ALLOWED', 'Only a ben-admin can be changed to a broker');
      return ok({ type: 'UserRoleChanged', data: { userId, from: 'BEN_ADMIN', to: 'BROKER' } });
    case 'RecordWelcomeEmail':
      return ok({ type: 'UserWelcomeEmailSent', data: { userId, emailId: command.data.emailId, at } });
    case 'RecordPasswordSet':
      return ok({ type: 'UserPasswordSet', data: { userId, at } });
    case 'RecordMfaEnrolled':
      return ok({
        type: 'UserMfaEnrolled',
        data: { userId, factorType: 'token:software:totp', at },
      });
    case 'ResetMfa':
      return user.isMfaEnrolled ? ok({ type: 'UserMfaReset', data: { userId, at } }) : ok();
    case 'AcceptTermsOfUse':
      return ok({ type: 'UserTermsOfUseAccepted', data: { userId, at } });
    case 'RecordSignIn':
      return ok({ type: 'UserSignedIn', data: { userId, at } });
    case 'RecordLoggedIn':
      // The web's once-per-sign-in call: the sign-in itself is stamped by the server, so a stamp this
      // recent is that same sign-in and nothing is written twice.
      // Both are UTC ISO times from the handler's clock, so they compare as text.
      return user.lastLogin !== null && user.lastLogin >= command.data.sameSignInSince
        ? ok()
        : ok({ type: 'UserSignedIn', data: { userId, at } });
    case 'DeleteUser':
      return ok({ type: 'UserDeleted', data: { userId } });
    default:
      return unhandled('command', command);
  }
}

export function evolveUser(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const d = event.data;
    return {
      status: 'active',
      user: {
        userId: d.userId,
        role: d.role,
        firstName: d.firstName,
        lastName: d.lastName,
        email: d.email,
        phoneNumber: d.phoneNumber,
        clientIds: [...d.clientIds],
        welcomeEmailSentDate: null,
        firstPasswordSet: null,
        lastPasswordSet: null,
        isMfaEnrolled: false,
        termsOfUseDate: null,
        firstLogin: null,
        lastLogin: null,
      },
    };
  }
  if (state.status === 'none') return state;
  const user = { ...state.user };
  switch (event.type) {
    case 'UserProfileChanged':
      for (const c of event.data.changes) (user as Record<string, unknown>)[c.attributeKey] = c.value;
      break;
    case 'UserAssignedToClient':
      user.clientIds = [...user.clientIds, event.data.clientId];
      break;
    case 'UserUnassignedFromClient':
      user.clientIds = user.clientIds.filter((id) => id !== event.data.clientId);
      break;
    case 'UserRoleChanged':
      user.role = event.data.to;
      break;
    case 'UserWelcomeEmailSent':
      user.welcomeEmailSentDate = event.data.at;
      break;
    case 'UserPasswordSet':
      user.firstPasswordSet ??= event.data.at;
      user.lastPasswordSet = event.data.at;
      break;
    case 'UserMfaEnrolled':
      user.isMfaEnrolled = true;
      break;
    case 'UserMfaReset':
      user.isMfaEnrolled = false;
      break;
    case 'UserTermsOfUseAccepted':
      user.termsOfUseDate = event.data.at;
      break;
    case 'UserSignedIn':
      user.firstLogin ??= event.data.at;
      user.lastLogin = event.data.at;
      break;
    case 'UserDeleted':
      return { status: 'deleted', user };
    default:
      return unhandled('event', event);
  }
  return { status: state.status, user };
}

export const foldUser = (events: readonly UserEvent[]) => events.reduce(evolveUser, initialUserState());

/** A user as one decider (domain/src/decider.ts). */
export const userDecider: Decider<UserState, UserCommand, UserEvent, UserError> = {
  initialState: initialUserState,
  decide: decideUser,
  evolve: evolveUser,
};
