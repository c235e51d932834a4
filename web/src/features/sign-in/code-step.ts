import { ApiError, GENERIC_ERROR_MESSAGE } from '../../api/errors.ts';
import type { TotpActivation } from './api.ts';

/** The step after the password: an authenticator to enrol, or its code to give. */
export type CodeStep =
  | { type: 'activate'; stateToken: string; activation: TotpActivation }
  | { type: 'verify'; stateToken: string };

/** What a refused step says. */
export const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : GENERIC_ERROR_MESSAGE;
