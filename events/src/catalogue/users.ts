import { z } from 'zod';

/**
 * Users are event-sourced, one stream per user. Secrets (password hashes, TOTP secrets) never enter an
 * event: they live in the credentials table; events only record that they changed, and when.
 */
export const USER_ROLES = ['BEN_ADMIN', 'BROKER', 'SLF_ADMIN', 'SLF_OWNER'] as const;
const Role = z.enum(USER_ROLES);
const At = z.string(); // ISO-8601, decided by the command handler's clock

export const UserRegistered = z.object({
  type: z.literal('UserRegistered'),
  data: z.object({
    userId: z.string(),
    role: Role,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable().default(null),
    clientIds: z.array(z.string()).default([]),
  }),
});

export const UserProfileChanged = z.object({
  type: z.literal('UserProfileChanged'),
  data: z.object({
    userId: z.string(),
    changes: z
      .array(z.object({ attributeKey: z.string(), value: z.unknown(), previousValue: z.unknown() }))
      .min(1),
  }),
});

export const UserAssignedToClient = z.object({
  type: z.literal('UserAssignedToClient'),
  data: z.object({ userId: z.string(), clientId: z.string() }),
});

export const UserUnassignedFromClient = z.object({
  type: z.literal('UserUnassignedFromClient'),
  data: z.object({ userId: z.string(), clientId: z.string() }),
});

export const UserRoleChanged = z.object({
  type: z.literal('UserRoleChanged'),
  data: z.object({ userId: z.string(), from: Role, to: Role }),
});

export const UserWelcomeEmailSent = z.object({
  type: z.literal('UserWelcomeEmailSent'),
  data: z.object({ userId: z.string(), emailId: z.string(), at: At }),
});

export const UserPasswordSet = z.object({
  type: z.literal('UserPasswordSet'),
  data: z.object({ userId: z.string(), at: At }),
});

export const UserMfaEnrolled = z.object({
  type: z.literal('UserMfaEnrolled'),
  data: z.object({ userId: z.string(), factorType: z.literal('token:software:totp'), at: At }),
});

export const UserMfaReset = z.object({
  type: z.literal('UserMfaReset'),
  data: z.object({ userId: z.string(), at: At }),
});

export const UserTermsOfUseAccepted = z.object({
  type: z.literal('UserTermsOfUseAccepted'),
  data: z.object({ userId: z.string(), at: At }),
});

export const UserSignedIn = z.object({
  type: z.literal('UserSignedIn'),
  data: z.object({ userId: z.string(), at: At }),
});

export const UserDeleted = z.object({
  type: z.literal('UserDeleted'),
  data: z.object({ userId: z.string() }),
});

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
export const EmailReserved = z.object({
  type: z.literal('EmailReserved'),
  data: z.object({ email: z.string(), userId: z.string() }),
});
export const EmailReleased = z.object({
  type: z.literal('EmailReleased'),
  data: z.object({ email: z.string(), userId: z.string() }),
});

export const userStream = (userId: string) => `user-${userId}`;
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const emailReservationStream = (email: string) => `useremail-${normaliseEmail(email)}`;
