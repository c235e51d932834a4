/** Names for the answers many screens share, each derived from its route's contract (never written twice). */
import type { Answer, Read } from './client.ts';

/** GET /api/users/authenticated: who is signed in, and their clients. */
export type AuthenticatedUser = NonNullable<Read<'/api/users/authenticated'>>;
export type Role = AuthenticatedUser['role'];
export type ClientRef = AuthenticatedUser['clients'][number];

/** The client's EIF as every EIF write answers it (the read adds its tasks). */
export type ClientView = Answer<'post', '/api/clients/{clientId}/eif/sign'>;
export type Policy = ClientView['policies'][number];
export type Plan = ClientView['plans'][number];
export type PendingChange = ClientView['pendingChanges'][number];

export function isAdminRole(role: Role): boolean {
  return role === 'SLF_ADMIN' || role === 'SLF_OWNER';
}

export const ROLE_LABELS: Record<Role, string> = {
  BEN_ADMIN: 'Benefits administrator',
  BROKER: 'Broker',
  SLF_ADMIN: 'Carrier admin',
  SLF_OWNER: 'Carrier owner',
};
