import { describe, expect, it } from 'vitest';
import { checkClientAccess } from './client-access.ts';
import type { Actor } from './actor.ts';

const actor = (role: Actor['role'], clientIds: string[] = []): Actor => ({ userId: 'u', role, clientIds });

describe('client access', () => {
  it.each(['read', 'update', 'create', 'delete'] as const)(
    'admins and owners may %s any client',
    (action) => {
      expect(checkClientAccess(actor('SLF_ADMIN'), 'c', action)).toEqual({ allowed: true });
      expect(checkClientAccess(actor('SLF_OWNER'), 'c', action)).toEqual({ allowed: true });
    },
  );

  it.each(['BEN_ADMIN', 'BROKER'] as const)('%s reads and updates only their own clients', (role) => {
    expect(checkClientAccess(actor(role, ['c']), 'c', 'read')).toEqual({ allowed: true });
    expect(checkClientAccess(actor(role, ['c']), 'c', 'update')).toEqual({ allowed: true });
    expect(checkClientAccess(actor(role, ['c']), 'other', 'read')).toEqual({
      allowed: false,
      message: 'Forbidden',
    });
    expect(checkClientAccess(actor(role, ['c']), 'c', 'delete').allowed).toBe(false);
  });

  it('explains a user with no clients', () => {
    expect(checkClientAccess(actor('BEN_ADMIN'), 'c', 'read')).toEqual({
      allowed: false,
      message: 'User does not have any client IDs attached to profile',
    });
  });

  it('accepts only the four actions', () => {
    expect(checkClientAccess(actor('SLF_OWNER'), 'c', 'purge' as never).allowed).toBe(false);
  });
});
