import { describe, expect, it } from 'vitest';
import type { AuthenticatedUser } from '../api/types.ts';
import { resolveRoute } from './routes.ts';
import { gateRedirect } from './Auth.tsx';

const user = (over: Partial<AuthenticatedUser> = {}): AuthenticatedUser => ({
  id: 'u1',
  userId: 'u1',
  name: 'Ann Lee',
  firstName: 'Ann',
  lastName: 'Lee',
  phoneNumber: null,
  clientIds: [],
  email: 'ann@example.com',
  role: 'BEN_ADMIN',
  clients: [],
  termsOfUseDate: '2026-01-01T00:00:00.000Z',
  ...over,
});
const gate = (path: string, who: AuthenticatedUser | null | undefined, redirect: string | null = null) =>
  gateRedirect(resolveRoute(path.split('?')[0]!).route, who, path, redirect);

describe('auth rules (onboarding §2, §6)', () => {
  it('required: a signed-out visitor signs in first and comes back', () => {
    expect(gate('/brokers/admin/', null)).toBe('/login?redirect=%2Fbrokers%2Fadmin%2F');
    expect(gate('/', null)).toBe('/login');
    expect(gate('/brokers/admin/', undefined)).toBeNull();
  });

  it('required: a user without accepted terms goes to the terms of use before anything else', () => {
    expect(gate('/clients/ben-admin', user({ termsOfUseDate: null }))).toBe(
      '/terms-of-use?redirect=%2Fclients%2Fben-admin',
    );
    expect(gate('/', user({ termsOfUseDate: null }))).toBe('/terms-of-use');
    expect(gate('/terms-of-use', user({ termsOfUseDate: null }))).toBeNull();
    expect(gate('/clients/ben-admin', user())).toBeNull();
  });

  it('required: internal pages send a broker or a benefits administrator to their home (explorer §6)', () => {
    for (const path of ['/clients/admin', '/users/internal', '/clients/admin/c1/manage']) {
      expect(gate(path, user({ role: 'BROKER' }))).toBe('/clients');
      expect(gate(path, user({ role: 'BEN_ADMIN' }))).toBe('/clients/ben-admin');
      expect(gate(path, user({ role: 'SLF_ADMIN' }))).toBeNull();
      expect(gate(path, user({ role: 'SLF_OWNER' }))).toBeNull();
    }
  });

  it('not_allowed: a signed-in user goes home, or from login to the redirect', () => {
    expect(gate('/forgot', user())).toBe('/clients/ben-admin');
    expect(gate('/activate?token=x', user({ role: 'SLF_ADMIN' }))).toBe('/clients/admin');
    expect(gate('/login?redirect=/client/c1', user(), '/client/c1')).toBe('/client/c1');
    expect(gate('/login', null)).toBeNull();
  });

  it('optional and outside_signer pages are shown to anyone', () => {
    expect(gate('/404', null)).toBeNull();
    expect(gate('/benefits-explorer/p1', null)).toBeNull();
    expect(gate('/client/c1/outside-signer/a1', null)).toBeNull();
  });
});
