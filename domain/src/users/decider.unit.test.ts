import { describe, expect, it } from 'vitest';
import type { UserEvent } from '@onboard/events';
import { commandBuilder, givenWhenThen } from '../testing/given-when-then.ts';
import { foldUser, userDecider, type UserCommand } from './decider.ts';

const userId = 'u-1';
const at = '2026-05-01T10:00:00.000Z';
type Registered = Extract<UserEvent, { type: 'UserRegistered' }>;
const registered = (role: Registered['data']['role'] = 'BEN_ADMIN'): Registered => ({
  type: 'UserRegistered',
  data: {
    userId,
    role,
    firstName: 'Ben',
    lastName: 'Adler',
    email: 'ben@example.com',
    phoneNumber: null,
    clientIds: ['c-1'],
  },
});

const given = givenWhenThen(userDecider);
const admin = { userId: 'admin-1', role: 'SLF_ADMIN' };
/** A command asked by an admin at `at`. */
const cmd = commandBuilder<UserCommand>({ at, by: admin });

describe('user decider', () => {
  it('registers a new user, keeping client ids only for client-scoped roles', () => {
    const register = (role: 'BROKER' | 'SLF_ADMIN'): UserCommand =>
      cmd('RegisterUser', {
        userId,
        role,
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.c',
        phoneNumber: null,
        clientIds: ['c-1'],
      });
    expect(given().when(register('BROKER'))).toMatchObject({
      ok: true,
      events: [{ type: 'UserRegistered', data: { role: 'BROKER', clientIds: ['c-1'] } }],
    });
    expect(given().when(register('SLF_ADMIN'))).toMatchObject({
      ok: true,
      events: [{ type: 'UserRegistered', data: { role: 'SLF_ADMIN', clientIds: [] } }],
    });
  });

  it('refuses to register a user twice', () => {
    const d = registered().data;
    expect(given(registered()).when(cmd('RegisterUser', { ...d }))).toEqual({
      ok: false,
      error: { code: 'ALREADY_EXISTS', message: 'User already exists' },
    });
  });

  it('refuses commands for a user that does not exist or was deleted', () => {
    const command: UserCommand = cmd('AcceptTermsOfUse', {});
    expect(given().when(command)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(given(registered(), { type: 'UserDeleted', data: { userId } }).when(command)).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('records only the profile fields that changed', () => {
    expect(
      given(registered()).when(
        cmd('ChangeProfile', { changes: { firstName: 'Benjamin', lastName: 'Adler' } }),
      ),
    ).toEqual({
      ok: true,
      events: [
        {
          type: 'UserProfileChanged',
          data: { userId, changes: [{ attributeKey: 'firstName', value: 'Benjamin', previousValue: 'Ben' }] },
        },
      ],
    });
    expect(given(registered()).when(cmd('ChangeProfile', { changes: { firstName: 'Ben' } }))).toEqual({
      ok: true,
      events: [],
    });
  });

  it('assigns client-scoped users to a client once, and refuses internal users', () => {
    expect(given(registered()).when(cmd('AssignToClient', { clientId: 'c-2' }))).toEqual({
      ok: true,
      events: [{ type: 'UserAssignedToClient', data: { userId, clientId: 'c-2' } }],
    });
    expect(given(registered()).when(cmd('AssignToClient', { clientId: 'c-1' }))).toEqual({
      ok: true,
      events: [],
    });
    expect(given(registered('SLF_ADMIN')).when(cmd('AssignToClient', { clientId: 'c-1' }))).toMatchObject({
      ok: false,
      error: { code: 'NOT_ALLOWED' },
    });
  });

  it('unassigns only an assigned client', () => {
    expect(given(registered()).when(cmd('UnassignFromClient', { clientId: 'c-1' }))).toEqual({
      ok: true,
      events: [{ type: 'UserUnassignedFromClient', data: { userId, clientId: 'c-1' } }],
    });
    expect(given(registered()).when(cmd('UnassignFromClient', { clientId: 'c-9' }))).toEqual({
      ok: true,
      events: [],
    });
  });

  it('changes a ben-admin to a broker, and nobody else', () => {
    expect(given(registered()).when(cmd('ChangeBenAdminToBroker', {}))).toEqual({
      ok: true,
      events: [{ type: 'UserRoleChanged', data: { userId, from: 'BEN_ADMIN', to: 'BROKER' } }],
    });
    expect(given(registered('BROKER')).when(cmd('ChangeBenAdminToBroker', {}))).toMatchObject({
      ok: false,
      error: { code: 'NOT_ALLOWED' },
    });
  });

  it('records the identity stamps', () => {
    const g = given(registered());
    expect(g.when(cmd('RecordWelcomeEmail', { emailId: 'e-1' })).ok).toBe(true);
    expect(g.when(cmd('RecordPasswordSet', {}))).toEqual({
      ok: true,
      events: [{ type: 'UserPasswordSet', data: { userId, at } }],
    });
    expect(g.when(cmd('RecordMfaEnrolled', {}))).toEqual({
      ok: true,
      events: [{ type: 'UserMfaEnrolled', data: { userId, factorType: 'token:software:totp', at } }],
    });
    expect(g.when(cmd('AcceptTermsOfUse', {}))).toEqual({
      ok: true,
      events: [{ type: 'UserTermsOfUseAccepted', data: { userId, at } }],
    });
    expect(g.when(cmd('RecordSignIn', {}))).toEqual({
      ok: true,
      events: [{ type: 'UserSignedIn', data: { userId, at } }],
    });
  });

  it('records the web’s logged-in call unless the same sign-in was stamped since the time given', () => {
    const signedIn: UserEvent = { type: 'UserSignedIn', data: { userId, at } };
    const since = { sameSignInSince: '2026-05-01T09:59:00.000Z' };
    expect(given(registered()).when(cmd('RecordLoggedIn', since))).toEqual({
      ok: true,
      events: [{ type: 'UserSignedIn', data: { userId, at } }],
    });
    expect(given(registered(), signedIn).when(cmd('RecordLoggedIn', since))).toEqual({
      ok: true,
      events: [],
    });
    const dayBefore: UserEvent = { type: 'UserSignedIn', data: { userId, at: '2000-01-01T00:00:00.000Z' } };
    expect(given(registered(), dayBefore).when(cmd('RecordLoggedIn', since))).toEqual({
      ok: true,
      events: [{ type: 'UserSignedIn', data: { userId, at } }],
    });
  });

  it('resets MFA only when enrolled', () => {
    expect(given(registered()).when(cmd('ResetMfa', {}))).toEqual({ ok: true, events: [] });
    const enrolled: UserEvent = {
      type: 'UserMfaEnrolled',
      data: { userId, factorType: 'token:software:totp', at },
    };
    expect(given(registered(), enrolled).when(cmd('ResetMfa', {}))).toEqual({
      ok: true,
      events: [{ type: 'UserMfaReset', data: { userId, at } }],
    });
  });

  it('folds the stamps: first and last password and sign-in, terms, MFA', () => {
    const later = '2026-06-01T10:00:00.000Z';
    const state = foldUser([
      registered(),
      { type: 'UserPasswordSet', data: { userId, at } },
      { type: 'UserPasswordSet', data: { userId, at: later } },
      { type: 'UserSignedIn', data: { userId, at } },
      { type: 'UserSignedIn', data: { userId, at: later } },
      { type: 'UserMfaEnrolled', data: { userId, factorType: 'token:software:totp', at } },
      { type: 'UserTermsOfUseAccepted', data: { userId, at: later } },
      { type: 'UserUnassignedFromClient', data: { userId, clientId: 'c-1' } },
    ]);
    expect(state).toMatchObject({
      status: 'active',
      user: {
        firstPasswordSet: at,
        lastPasswordSet: later,
        firstLogin: at,
        lastLogin: later,
        isMfaEnrolled: true,
        termsOfUseDate: later,
        clientIds: [],
      },
    });
  });
});
