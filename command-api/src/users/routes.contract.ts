import { z } from 'zod';
import { errors, json, noContent, problem, routeFamily } from '@onboard/api-contract';
import { concurrentWrite, UserView } from '@onboard/api-contract/views';

/** User administration. */
const userRoute = routeFamily({ tag: 'users' });

const Name = z.string().trim().min(1, 'Please provide a response').max(100, 'Use at most 100 characters');
const Email = z
  .string()
  .trim()
  .max(254, 'Use at most 254 characters')
  .pipe(z.email('Enter a valid e-mail address'));
const Phone = z
  .string()
  .trim()
  .regex(/^[0-9+()\-. ]{7,25}$/, 'Enter a valid phone number')
  .nullable();

const common = {
  firstName: Name,
  lastName: Name,
  email: Email,
  phoneNumber: Phone.optional(),
  sendWelcomeEmail: z.boolean().optional().default(false),
};

/** POST /api/users/internal */
export const CreateInternalUserBody = z
  .object({
    ...common,
    role: z.enum(['SLF_ADMIN', 'SLF_OWNER'], { message: 'Choose SLF_ADMIN or SLF_OWNER' }),
  })
  .strict();

/** POST /api/users/broker and /api/users/ben-admin */
export const CreateClientUserBody = z
  .object({ ...common, clientIds: z.array(z.string().min(1)).max(500).optional().default([]) })
  .strict();

/** PUT /api/users/{kind}/{userId}: only what changes; clientIds changes go through assign/unassign. */
export const EditUserBody = z
  .object({
    firstName: Name.optional(),
    lastName: Name.optional(),
    email: Email.optional(),
    phoneNumber: Phone.optional(),
  })
  .strict();

/** POST /api/users/update-email-and-send-activation-email */
export const BulkEmailUpdateBody = z
  .object({
    users: z
      .array(z.object({ userId: z.string().min(1), email: Email, clientId: z.string().min(1) }).strict())
      .min(1, 'Add at least one user')
      .max(100, 'Send at most 100 users at once'),
  })
  .strict();

const userId = z.string().min(1);
const one = z.object({ userId });
/** The writes on the one user the path names. */
const oneUserRoute = routeFamily({ tag: 'users', params: one, responses: errors.noUser });

const kindRoutes = <const K extends 'internal' | 'broker' | 'ben-admin'>(kind: K) => ({
  create: userRoute(`POST /api/users/${kind}`, {
    summary: `Create a ${kind} user`,
    request: {
      body: (kind === 'internal' ? CreateInternalUserBody : CreateClientUserBody) as K extends 'internal'
        ? typeof CreateInternalUserBody
        : typeof CreateClientUserBody,
    },
    responses: {
      201: json(UserView, 'Created'),
      ...errors.notAllowed,
      409: problem('EMAIL_TAKEN'),
    },
  }),
  update: oneUserRoute(`PUT /api/users/${kind}/{userId}`, {
    summary: `Edit a ${kind} user`,
    isVersioned: true,
    request: { body: EditUserBody },
    responses: {
      200: json(UserView, 'The user after the change'),
      409: problem('EMAIL_TAKEN, or changed since the given version'),
    },
  }),
  remove: oneUserRoute(`DELETE /api/users/${kind}/{userId}`, {
    summary: `Delete a ${kind} user`,
    isVersioned: true,
    responses: { 204: noContent('Deleted') },
  }),
  sendActivation: oneUserRoute(`POST /api/users/${kind}/{userId}/activation-email`, {
    summary: `E-mail a ${kind} user an activation link`,
    responses: { 204: noContent('Sent') },
  }),
});

const assignment = <const K extends 'broker' | 'ben-admin', const V extends 'assign' | 'unassign'>(
  kind: K,
  verb: V,
) =>
  userRoute(`PUT /api/users/${kind}/{userId}/${verb}/{clientId}`, {
    summary: `${verb === 'assign' ? 'Assign' : 'Unassign'} a ${kind} to a client`,
    request: { params: z.object({ userId, clientId: z.string().min(1) }) },
    responses: {
      200: json(UserView, 'The user after the change'),
      404: problem('No such user or client'),
      409: concurrentWrite,
    },
  });

/** Each kind of user's writes (internal, broker, ben-admin), and client assignment for the client kinds. */
export const USER_KIND_COMMANDS = {
  internal: kindRoutes('internal'),
  broker: {
    ...kindRoutes('broker'),
    assign: assignment('broker', 'assign'),
    unassign: assignment('broker', 'unassign'),
  },
  'ben-admin': {
    ...kindRoutes('ben-admin'),
    assign: assignment('ben-admin', 'assign'),
    unassign: assignment('ben-admin', 'unassign'),
  },
};
export const USER_KIND_COMMAND_CONTRACTS = Object.values(USER_KIND_COMMANDS).flatMap((routes) =>
  Object.values(routes),
);

export const changeBenAdminToBroker = oneUserRoute('POST /api/users/ben-admin/{userId}/change-to-broker', {
  summary: 'Make a ben-admin a broker',
  responses: {
    200: json(UserView, 'The user, now a broker'),
    404: problem('No such ben-admin'),
    409: concurrentWrite,
  },
});
export const copyActivationLink = oneUserRoute('POST /api/users/{userId}/activation-link', {
  summary: 'An activation link to copy',
  responses: { 200: json(z.object({ link: z.string() }), 'The link') },
});
export const sendPasswordResetById = oneUserRoute('POST /api/users/reset-password/userId/{userId}', {
  summary: 'E-mail a user a reset link',
  responses: { 204: noContent('Sent') },
});
const byEmail = z.object({ email: z.string().min(1) });
export const resetMfaByEmail = userRoute('POST /api/users/reset-mfa/{email}', {
  summary: 'Forget a user’s second factor (another user’s: nobody resets their own)',
  request: { params: byEmail },
  responses: {
    204: noContent('Reset; the next sign-in enrols again'),
    403: problem('Not allowed, or the caller’s own second factor'),
    ...errors.noUser,
  },
});
export const sendActivationByEmail = userRoute('POST /api/users/activation-email/{email}', {
  summary: 'E-mail a user an activation link',
  request: { params: byEmail },
  responses: { 204: noContent('Sent'), ...errors.noUser },
});
export const bulkUpdateEmails = userRoute('POST /api/users/update-email-and-send-activation-email', {
  summary: 'Change e-mails in bulk',
  request: { body: BulkEmailUpdateBody },
  responses: {
    200: json(z.object({ users: z.array(UserView) }), 'Every user changed, each sent an activation link'),
    ...errors.noUser,
    409: problem('An address already in use; nothing changed'),
  },
});

/** The signed-in user's sign-in stamps. */
export const LoginStamps = z
  .object({ firstLogin: z.string().nullable(), lastLogin: z.string().nullable() })
  .meta({ id: 'LoginStamps' });

export const recordLoggedIn = userRoute('POST /api/users/authenticated/logged-in', {
  summary:
    'Stamp the signed-in user’s sign-in: firstLogin once, lastLogin every time (called by the web once per sign-in)',
  responses: { 200: json(LoginStamps, 'The stamps after the call'), 409: concurrentWrite },
});
