import { describe, expect, it } from 'vitest';
import type { Actor, Role } from './actor.ts';
import { authorizeUser, authorizeUserAdministration, kindOfRole, rolesAllowed } from './user-admin.ts';

const actor = (role: Role, userId = `me-${role}`): Actor => ({ userId, role, clientIds: ['c'] });

describe('user administration access', () => {
  it('an admin administers ben-admins and brokers, reads admins, and never reaches owners', () => {
    const admin = actor('SLF_ADMIN');
    for (const role of ['BEN_ADMIN', 'BROKER'] as const) {
      for (const action of ['read', 'create', 'update', 'delete'] as const) {
        expect(authorizeUser(admin, action, { userId: 'x', role }).allowed).toBe(true);
      }
    }
    expect(authorizeUser(admin, 'read', { userId: 'x', role: 'SLF_ADMIN' }).allowed).toBe(true);
    expect(authorizeUser(admin, 'create', { userId: 'x', role: 'SLF_ADMIN' }).allowed).toBe(false);
    expect(authorizeUser(admin, 'read', { userId: 'x', role: 'SLF_OWNER' }).allowed).toBe(false);
    expect(rolesAllowed(admin, 'read')).toEqual(['BEN_ADMIN', 'BROKER', 'SLF_ADMIN']);
  });

  it('an owner administers everyone', () => {
    expect(rolesAllowed(actor('SLF_OWNER'), 'create')).toEqual([
      'BEN_ADMIN',
      'BROKER',
      'SLF_ADMIN',
      'SLF_OWNER',
    ]);
  });

  it('a broker reads and edits only their own record, never its client list', () => {
    const broker = actor('BROKER');
    expect(authorizeUser(broker, 'read', { userId: broker.userId, role: 'BROKER' }).allowed).toBe(true);
    expect(
      authorizeUser(broker, 'update', { userId: broker.userId, role: 'BROKER', fields: ['phoneNumber'] })
        .allowed,
    ).toBe(true);
    expect(
      authorizeUser(broker, 'update', { userId: broker.userId, role: 'BROKER', fields: ['clientIds'] })
        .allowed,
    ).toBe(false);
    expect(authorizeUser(broker, 'delete', { userId: broker.userId, role: 'BROKER' }).allowed).toBe(false);
    expect(authorizeUser(broker, 'read', { userId: 'other', role: 'BROKER' })).toEqual({
      allowed: false,
      message: 'User missing valid user ID',
    });
    expect(authorizeUser(broker, 'read', { userId: 'x', role: 'BEN_ADMIN' }).allowed).toBe(false);
  });

  it('a ben-admin only reads their own record', () => {
    const benAdmin = actor('BEN_ADMIN');
    expect(authorizeUser(benAdmin, 'read', { userId: benAdmin.userId, role: 'BEN_ADMIN' }).allowed).toBe(
      true,
    );
    expect(authorizeUser(benAdmin, 'update', { userId: benAdmin.userId, role: 'BEN_ADMIN' }).allowed).toBe(
      false,
    );
  });

  it('brokers and ben-admins administer nobody', () => {
    for (const role of ['BROKER', 'BEN_ADMIN'] as const) {
      expect(authorizeUserAdministration(actor(role), 'read')).toEqual({
        allowed: false,
        message: 'Forbidden',
      });
    }
    expect(authorizeUserAdministration(actor('SLF_ADMIN'), 'update').allowed).toBe(true);
  });

  it('maps roles to their administration area', () => {
    expect(kindOfRole('SLF_OWNER')).toBe('internal');
    expect(kindOfRole('BEN_ADMIN')).toBe('ben-admin');
  });
});
