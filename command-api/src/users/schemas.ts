import { z } from 'zod';

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
