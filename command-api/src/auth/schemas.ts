import { z } from 'zod';

export const SignInBody = z.object({
  username: z.string().trim().min(1, 'Enter your e-mail').max(320),
  password: z.string().min(1, 'Enter your password').max(1024),
});

export const FactorBody = z.object({
  stateToken: z.string().min(1).max(2048),
  factorId: z.literal('totp', { message: "There's no MFA factor option configured" }),
});

export const PassCodeBody = z.object({
  stateToken: z.string().min(1).max(2048),
  passCode: z.string().trim().max(16),
  rememberDevice: z.boolean().optional().default(false),
});

export const ExchangeBody = z.object({ sessionToken: z.string().min(1).max(256) });

export const PasswordUpsertBody = z.object({
  token: z.string().min(1).max(256),
  password: z.string().max(1024),
});

export const TOTP_FACTOR = { id: 'totp', factorType: 'token:software:totp' } as const;
