import { z } from 'zod';
import { eventSchema } from './schema.ts';

/**
 * Users are event-sourced, one stream per user. Secrets (password hashes, TOTP secrets) never enter an
 * event: they live in the credentials table; events only record that they changed, and when.
 */
export const USER_ROLES = ['BEN_ADMIN', 'BROKER', 'SLF_ADMIN', 'SLF_OWNER'] as const;
const Role = z.enum(USER_ROLES);
const At = z.string(); // ISO-8601, decided by the command handler's clock

export const UserRegistered = eventSchema('UserRegistered', {
  userId: z.string(),
  role: Role,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable().default(null),
  clientIds: z.array(z.string()).default([]),
});

export const UserProfileChanged = eventSchema('UserProfileChanged', {
  userId: z.string(),
  changes: z
    .array(z.object({ attributeKey: z.string(), value: z.unknown(), previousValue: z.unknown() }))
    .min(1),
});

/** A user and a client they are assigned to (or taken off). */
const UserClient = { userId: z.string(), clientId: z.string() };

export const UserAssignedToClient = eventSchema('UserAssignedToClient', UserClient);

export const UserUnassignedFromClient = eventSchema('UserUnassignedFromClient', UserClient);

export const UserRoleChanged = eventSchema('UserRoleChanged', { userId: z.string(), from: Role, to: Role });

export const UserWelcomeEmailSent = eventSchema('UserWelcomeEmailSent', {
  userId: z.string(),
  emailId: z.string(),
  at: At,
});

export const UserPasswordSet = eventSchema('UserPasswordSet', { userId: z.string(), at: At });

export const UserMfaEnrolled = eventSchema('UserMfaEnrolled', {
  userId: z.string(),
  factorType: z.literal('token:software:totp'),
  at: At,
});

export const UserMfaReset = eventSchema('UserMfaReset', { userId: z.string(), at: At });

export const UserTermsOfUseAccepted = eventSchema('UserTermsOfUseAccepted', { userId: z.string(), at: At });

export const UserSignedIn = eventSchema('UserSignedIn', { userId: z.string(), at: At });

export const UserDeleted = eventSchema('UserDeleted', { userId: z.string() });

export const UserEvent = z.discriminatedUnion('type', [
  UserRegistered,
  UserProfileChanged,
  UserAssignedToClient,
  UserUnassignedFromClient,
  UserRoleChanged,
  UserWelcomeEmailSent,
  UserPasswordSet,
  UserMfaEnrolled,
  UserMfaReset,
  UserTermsOfUseAccepted,
  UserSignedIn,
  UserDeleted,
]);
export type UserEvent = z.infer<typeof UserEvent>;

/** An e-mail address is held by at most one user: its reservation stream is appended with no_stream. */
export const EmailReserved = eventSchema('EmailReserved', { email: z.string(), userId: z.string() });
export const EmailReleased = eventSchema('EmailReleased', { email: z.string(), userId: z.string() });

export const userStream = (userId: string) => `user-${userId}`;
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const emailReservationStream = (email: string) => `useremail-${normaliseEmail(email)}`;
