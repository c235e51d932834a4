import type { Actor } from './actor.ts';

export const ACTIONS = ['read', 'update', 'create', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export type AccessResult = { allowed: true } | { allowed: false; message: string };

/**
 * Access to a client-related resource (platform §5, §6): admins and owners have 'any' scope; ben-admins
 * and brokers only their own clients, and never create or delete a client.
 */
export function checkClientAccess(actor: Actor, clientId: string, action: Action): AccessResult {
  if (!ACTIONS.includes(action)) return { allowed: false, message: `Unknown action ${String(action)}` };
  switch (actor.role) {
    case 'SLF_ADMIN':
    case 'SLF_OWNER':
      return { allowed: true };
    case 'BEN_ADMIN':
    case 'BROKER': {
      if (action === 'create' || action === 'delete') return { allowed: false, message: 'Forbidden' };
      if (actor.clientIds.length === 0) {
        return { allowed: false, message: 'User does not have any client IDs attached to profile' };
      }
      return actor.clientIds.includes(clientId)
        ? { allowed: true }
        : { allowed: false, message: 'Forbidden' };
    }
    default: {
      const unknown: never = actor.role;
      return { allowed: false, message: `Unknown role ${String(unknown)}` };
    }
  }
}
