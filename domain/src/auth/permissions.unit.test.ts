import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../errors.ts';
import type { Actor, Role } from './actor.ts';
import { checkClientAccess } from './client-access.ts';
import {
  ACCESS_MESSAGES,
  ACTIONS,
  CLIENT_DENIED_FIELDS,
  RESOURCES,
  assertAllowed,
  authorize,
  deniedFields,
  grantFor,
  type Action,
  type Resource,
} from './permissions.ts';

/**
 * Platform §6 restated independently of PERMISSION_TABLE: per resource, per role, which actions at which
 * scope. 'own' means own clients (client resources) or own record (user records). Roles not listed have
 * nothing. The owner's column includes what it inherits from the admin.
 */
type Expect = Partial<Record<Role, { own?: Action[]; any?: Action[] }>>;
const CRUD: Action[] = ['read', 'update', 'create', 'delete'];
const adminAndOwner = (...actions: Action[]): Expect => ({
  SLF_ADMIN: { any: actions },
  SLF_OWNER: { any: actions },
});
const ownerOnly = (...actions: Action[]): Expect => ({ SLF_OWNER: { any: actions } });

const EXPECTED: Record<Resource, Expect> = {
  client: {
    BEN_ADMIN: { own: ['read', 'update'] },
    BROKER: { own: ['read', 'update'] },
    ...adminAndOwner(...CRUD),
  },
  'broker-record': { BROKER: { own: ['read', 'update'] } },
  'ben-admin-record': { BEN_ADMIN: { own: ['read'] } },
  'ben-admin-users': adminAndOwner(...CRUD),
  'broker-users': adminAndOwner(...CRUD),
  'admin-users': { SLF_ADMIN: { any: ['read'] }, SLF_OWNER: { any: CRUD } },
  'owner-users': ownerOnly(...CRUD),
  'client-assignment': adminAndOwner('update'),
  'client-actions': { BEN_ADMIN: { own: ['read'] }, BROKER: { own: ['read'] }, ...adminAndOwner(...CRUD) },
  eif: { BEN_ADMIN: { own: CRUD }, BROKER: { own: CRUD }, ...adminAndOwner(...CRUD) },
  documents: { BEN_ADMIN: { own: CRUD }, BROKER: { own: CRUD }, ...adminAndOwner(...CRUD) },
  'onboarding-forms': {
    BEN_ADMIN: { own: ['read', 'update', 'create'] },
    BROKER: { own: ['read', 'update', 'create'] },
    ...adminAndOwner(...CRUD),
  },
  'onboarding-form-reassign': adminAndOwner('update'),
  'activity-emails': ownerOnly('create'),
  'post-onboarding-survey': ownerOnly('create'),
  'phase-change-emails': ownerOnly('create'),
  'risk-acceptance-emails': ownerOnly('create'),
  'upcoming-date-emails': ownerOnly('create'),
  'actively-at-work-emails': ownerOnly('create'),
  'dental-emails': ownerOnly('create'),
  'resend-rejected-emails': ownerOnly('create'),
  'qa-data': ownerOnly('delete'),
  carriers: ownerOnly('create'),
  'phase-change-flag': ownerOnly('update'),
  emails: adminAndOwner('read', 'create'),
  'email-resend': adminAndOwner('create'),
  users: adminAndOwner('read'),
  'activation-link': adminAndOwner('create'),
  'bulk-email-update': adminAndOwner('update'),
  'undo-ic-edits': adminAndOwner('create', 'update'),
  'ben-admin-list': { BEN_ADMIN: { own: ['read'] }, BROKER: { own: ['read'] }, ...adminAndOwner('read') },
  'broker-list': { BROKER: { own: ['read'] }, ...adminAndOwner('read') },
  conversations: {
    BEN_ADMIN: { own: ['read', 'create', 'update'] },
    BROKER: { own: ['read', 'create', 'update'] },
    ...adminAndOwner('read', 'update', 'create', 'delete'),
  },
  'internal-notes': adminAndOwner('read', 'update', 'create', 'delete'),
  'personal-data-reveal': { BEN_ADMIN: { own: ['read'] }, ...adminAndOwner('read') },
  'personal-data-unmasked-download': adminAndOwner('read'),
  'personal-data-access-log': ownerOnly('read'),
};

const ROLES: Role[] = ['BEN_ADMIN', 'BROKER', 'SLF_ADMIN', 'SLF_OWNER'];
const actor = (role: Role, clientIds: string[] = ['mine'], userId = `u-${role}`): Actor => ({
  userId,
  role,
  clientIds,
});
const SELF_RESOURCES: Resource[] = ['broker-record', 'ben-admin-record'];
const ownTarget = (resource: Resource, a: Actor) =>
  SELF_RESOURCES.includes(resource) ? { userId: a.userId } : { clientId: 'mine' };
const otherTarget = (resource: Resource) =>
  SELF_RESOURCES.includes(resource) ? { userId: 'someone-else' } : { clientId: 'not-mine' };

const rows = RESOURCES.flatMap((resource) =>
  ROLES.flatMap((role) => ACTIONS.map((action) => ({ resource, role, action }))),
);

describe('permission table (platform §6)', () => {
  it('lists exactly the resources of the spec table', () => {
    expect([...RESOURCES].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(rows)('$role $action $resource', ({ resource, role, action }) => {
    const expected = EXPECTED[resource][role];
    const a = actor(role);
    const onOwn = authorize(a, resource, action, ownTarget(resource, a)).allowed;
    const onOther = authorize(a, resource, action, otherTarget(resource)).allowed;
    const isAny = expected?.any?.includes(action) ?? false;
    const isOwn = expected?.own?.includes(action) ?? false;
    expect(onOwn).toBe(isAny || isOwn);
    expect(onOther).toBe(isAny);
  });

  it('the owner holds every admin grant (owner extends admin)', () => {
    for (const resource of RESOURCES) {
      const admin = grantFor('SLF_ADMIN', resource);
      for (const action of admin?.actions ?? []) {
        expect(authorize(actor('SLF_OWNER'), resource, action).allowed, `${resource} ${action}`).toBe(true);
      }
    }
  });
});

describe('access messages (platform §5)', () => {
  it('a ben-admin or broker with no clients is told so', () => {
    for (const role of ['BEN_ADMIN', 'BROKER'] as const) {
      expect(authorize(actor(role, []), 'client', 'read', { clientId: 'c' })).toEqual({
        allowed: false,
        message: 'User does not have any client IDs attached to profile',
      });
    }
  });

  it("another user's record is refused as a missing user id", () => {
    expect(authorize(actor('BROKER'), 'broker-record', 'read', { userId: 'other' })).toEqual({
      allowed: false,
      message: 'User missing valid user ID',
    });
    expect(authorize(actor('BROKER', ['c'], ''), 'broker-record', 'read', { userId: '' }).allowed).toBe(
      false,
    );
  });

  it('accepts only read, update, create and delete', () => {
    for (const action of ['purge', 'list', 'READ', ''] as never[]) {
      expect(authorize(actor('SLF_OWNER'), 'client', action)).toEqual({
        allowed: false,
        message: ACCESS_MESSAGES.unknownAction,
      });
    }
  });

  it("a refusal of someone else's client names neither the client nor the actor", () => {
    const result = authorize(actor('BROKER', ['mine']), 'client', 'read', { clientId: 'secret-client' });
    expect(result).toEqual({ allowed: false, message: 'Forbidden' });
  });

  it('assertAllowed throws a 403 with the same message', () => {
    expect(() => assertAllowed(actor('BEN_ADMIN', []), 'eif', 'read', { clientId: 'c' })).toThrow(
      ForbiddenError,
    );
    expect(() => assertAllowed(actor('SLF_ADMIN'), 'eif', 'delete', { clientId: 'c' })).not.toThrow();
  });

  it('checkClientAccess keeps answering for the Client resource', () => {
    expect(checkClientAccess(actor('BEN_ADMIN', ['c']), 'c', 'update')).toEqual({ allowed: true });
    expect(checkClientAccess(actor('BEN_ADMIN', ['c']), 'c', 'delete').allowed).toBe(false);
  });
});

describe('denied fields', () => {
  it.each(['BEN_ADMIN', 'BROKER'] as const)('%s may not send system fields or lists of a Client', (role) => {
    const denied = deniedFields({ role }, 'client');
    for (const field of ['id', 'ticketId', 'caseId', 'isActive', 'isTest', 'isArchived', 'eifSignedBy']) {
      expect(denied).toContain(field);
    }
    for (const list of ['policies', 'users', 'tasks', 'plans', 'bills', 'contacts'])
      expect(denied).toContain(list);
    const a = actor(role, ['c']);
    expect(authorize(a, 'client', 'update', { clientId: 'c', fields: ['taxId', 'isActive'] })).toEqual({
      allowed: false,
      message: ACCESS_MESSAGES.deniedField,
    });
  });

  it.each(['BEN_ADMIN', 'BROKER'] as const)('%s may edit questionnaire fields', (role) => {
    const a = actor(role, ['c']);
    const fields = ['taxId', 'erisaPlanYearEnd', 'section125', 'waitingPeriod', 'callSchedule'];
    expect(authorize(a, 'client', 'update', { clientId: 'c', fields })).toEqual({ allowed: true });
  });

  it.each(['SLF_ADMIN', 'SLF_OWNER'] as const)('%s has no denied Client fields', (role) => {
    expect(deniedFields({ role }, 'client')).toEqual([]);
    expect(
      authorize(actor(role), 'client', 'update', { clientId: 'c', fields: [...CLIENT_DENIED_FIELDS] })
        .allowed,
    ).toBe(true);
  });

  it('a broker updates their own record but not its clientIds', () => {
    const a = actor('BROKER');
    expect(authorize(a, 'broker-record', 'update', { userId: a.userId, fields: ['firstName'] }).allowed).toBe(
      true,
    );
    expect(authorize(a, 'broker-record', 'update', { userId: a.userId, fields: ['clientIds'] }).allowed).toBe(
      false,
    );
  });
});
