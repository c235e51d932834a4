import type { Actor } from './actor.ts';
import { authorize, type AccessResult, type Action } from './permissions.ts';

// The package index exports this module; it carries the whole permission table.
export * from './permissions.ts';
export * from './outside-signer.ts';
export * from './user-admin.ts';

/** Access to the Client resource itself (platform §6), for routes that need no other target. */
export const checkClientAccess = (actor: Actor, clientId: string, action: Action): AccessResult =>
  authorize(actor, 'client', action, { clientId });
