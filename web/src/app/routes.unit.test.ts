import { describe, expect, it } from 'vitest';
import { matchRoute } from 'wouter';
import {
  requireParam,
  afterSignInPath,
  caseInsensitiveParser,
  homePathFor,
  loginPathFor,
  matchPath,
  resolveRoute,
  ROUTES,
  safeRedirect,
  TAX_ID_ROUTE,
  taxIdPath,
  viewFor,
} from './routes.ts';

describe('route matching (spec platform §2)', () => {
  it('matches case-insensitively and keeps the parameter as written', () => {
    const path = '/CLIENT/AbC-1/Task/EIF-Submit-Company-Information/step/company-information/TAX-ID';
    expect(matchPath(TAX_ID_ROUTE, path)).toEqual({ clientId: 'AbC-1' });
    expect(matchPath('/LOGIN', '/login')).toEqual({});
  });

  it('matches whole paths only, allowing a trailing slash', () => {
    expect(matchPath('/clients', '/clients/')).toEqual({});
    expect(matchPath('/clients', '/clients/admin')).toBeNull();
    expect(matchPath('/', '/anything')).toBeNull();
    expect(matchPath(TAX_ID_ROUTE, `${taxIdPath('c1')}/extra`)).toBeNull();
  });

  it('does not treat regex characters in a route as patterns', () => {
    expect(matchPath('/a.b', '/axb')).toBeNull();
    expect(matchPath('/a.b', '/A.B')).toEqual({});
  });

  it('supports optional segments and wildcards', () => {
    expect(matchPath('/emails/:emailId?', '/emails')).toEqual({});
    expect(matchPath('/emails/:emailId?', '/emails/e1')).toEqual({ emailId: 'e1' });
    expect(matchPath('/files/*', '/files/a/b')).toEqual({ wild: 'a/b' });
  });

  it('works as the parser of wouter, including loose (nested) matching', () => {
    expect(matchRoute(caseInsensitiveParser, TAX_ID_ROUTE, taxIdPath('x9').toUpperCase())).toEqual([
      true,
      { clientId: 'X9', 0: 'X9' },
    ]);
    expect(matchRoute(caseInsensitiveParser, '/client/:clientId', '/Client/c1/task', true)[0]).toBe(true);
    const [isMatch, params] = matchRoute(caseInsensitiveParser, '/client/:clientId', '/Client/c1x/', true);
    expect([isMatch, params?.clientId]).toEqual([true, 'c1x']);
  });
});

describe('redirects', () => {
  it('sends each role to its home', () => {
    expect(homePathFor('SLF_ADMIN')).toBe('/clients/admin');
    expect(homePathFor('SLF_OWNER')).toBe('/clients/admin');
    expect(homePathFor('BROKER')).toBe('/clients');
    expect(homePathFor('BEN_ADMIN')).toBe('/clients/ben-admin');
  });

  it('carries the redirect except from the pages that never do', () => {
    expect(loginPathFor('/clients?page=2')).toBe('/login?redirect=%2Fclients%3Fpage%3D2');
    for (const path of [
      '/',
      '/logout',
      '/404',
      '/forgot',
      '/activate',
      '/reactivate',
      '/reset',
      '/Maintenance',
      '/login?redirect=x',
    ]) {
      expect(loginPathFor(path)).toBe('/login');
    }
  });

  it('honours only same-origin paths', () => {
    expect(safeRedirect('/client/c1')).toBe('/client/c1');
    expect(safeRedirect(null)).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
  });

  it('after sign-in goes to the redirect, else the role home', () => {
    expect(afterSignInPath('/brokers/admin/', 'SLF_ADMIN')).toBe('/brokers/admin/');
    expect(afterSignInPath(null, 'BEN_ADMIN')).toBe('/clients/ben-admin');
    expect(afterSignInPath('https://evil.example', 'BROKER')).toBe('/clients');
  });

  it('never carries a redirect from an unknown path (it shows the not-found page)', () => {
    expect(loginPathFor('/no/such/page')).toBe('/login');
  });
});

describe('the route table (onboarding §2, explorer §2)', () => {
  const at = (path: string) => {
    const { route, params } = resolveRoute(path);
    return { name: route.name, view: route.view, auth: route.auth, params };
  };

  it('gives each public and auth page its view type and auth rule', () => {
    for (const path of ['/login', '/forgot', '/activate', '/reactivate', '/reset'])
      expect(at(path)).toMatchObject({ view: 'auth', auth: 'not_allowed' });
    for (const path of ['/404', '/maintenance']) expect(at(path).auth).toBe('optional');
    expect(at('/')).toMatchObject({ name: 'index', view: 'basic', auth: 'required' });
    expect(at('/terms-of-use')).toMatchObject({ name: 'termsOfUse', view: 'basic', auth: 'required' });
  });

  it('resolves internal, home, hub, EIF, census and outside-signer routes', () => {
    expect(at('/clients/admin')).toMatchObject({ name: 'homeInternal', view: 'internal' });
    expect(at('/clients')).toMatchObject({ name: 'homeBroker', view: 'broker' });
    expect(at('/clients/ben-admin')).toMatchObject({ name: 'homeBenAdmin', view: 'benAdmin' });
    expect(at('/users/internal').name).toBe('usersInternal');
    expect(at('/brokers/admin/').name).toBe('brokers');
    expect(at('/brokers/admin/u1/manage')).toMatchObject({ name: 'brokerDetail', params: { userId: 'u1' } });
    expect(at('/ben-admins/admin')).toMatchObject({ name: 'benAdmins', view: 'internal' });
    expect(at('/Ben-Admins/Admin/u2/Manage')).toMatchObject({
      name: 'benAdminDetail',
      params: { userId: 'u2' },
    });
    expect(at('/emails/e1')).toMatchObject({ name: 'email', view: 'internal' });
    expect(at('/clients/admin/c1/manage/benefits-explorer/')).toMatchObject({
      name: 'createBenefitsExplorerSite',
    });
    expect(at('/clients/admin/c1/manage/benefits-explorer/p1')).toMatchObject({
      name: 'editBenefitsExplorerSite',
    });
    expect(at('/clients/admin/c1/manage/benefits-explorer/p1/renew').name).toBe('renewBenefitsExplorerSite');
    expect(at('/clients/admin/c1/manage/benefits-explorer/p1/Support')).toMatchObject({
      name: 'benefitsExplorerSiteSupport',
      view: 'internal',
      auth: 'required',
      params: { clientId: 'c1', explorerPageId: 'p1' },
    });
    expect(at('/client/c1')).toMatchObject({ name: 'homeHub', view: 'hub', auth: 'required' });
    expect(at('/client/c1/setup-pending')).toMatchObject({ name: 'setupPending', view: 'basic' });
    expect(at('/client/c1/task/t1/p1')).toMatchObject({
      name: 'policyTaskDetail',
      params: { taskId: 't1', policyId: 'p1' },
    });
    const eif = '/client/c1/task/eif-submit-company-information/step';
    expect(at(`${eif}/s1/ss1/create`).name).toBe('eifClassBuilderCreator');
    expect(at(`${eif}/s1/ss1/k9`)).toMatchObject({
      name: 'eifClassBuilderEdit',
      params: { employeeClassId: 'k9' },
    });
    expect(at(`${eif}/s1/ss1/policy/p1`).name).toBe('eifSubStepPolicyDetail');
    expect(at(taxIdPath('c1'))).toMatchObject({ name: 'eifSubStepDetail', view: 'hub' });
    expect(at('/client/c1/task/enrollment-elections/p1/validation-report/d1')).toMatchObject({
      name: 'censusValidateReportTab',
      view: 'clear',
    });
    expect(at('/client/c1/outside-signer/eif-summary')).toMatchObject({
      name: 'outsideSignerEifSummary',
      auth: 'outside_signer',
    });
    expect(at('/client/c1/outside-signer/a1')).toMatchObject({
      name: 'outsideSigner',
      view: 'outside_signer',
    });
  });

  it('serves the explorer with optional auth, also under /en/ and /es/', () => {
    for (const prefix of ['', '/en', '/es']) {
      expect(at(`${prefix}/benefits-explorer`)).toMatchObject({
        name: 'benefitsExplorerIndex',
        auth: 'optional',
      });
      expect(at(`${prefix}/benefits-explorer/p1/personal-benefits-plan`)).toMatchObject({
        name: 'personalBenefitsPlan',
        view: 'explorer',
      });
    }
  });

  it('falls back to not found, and every route uses the spec view types and auth rules', () => {
    expect(at('/nope')).toMatchObject({ name: 'notFound', auth: 'optional' });
    const views = [
      'internal',
      'hub',
      'broker',
      'benAdmin',
      'basic',
      'clear',
      'auth',
      'explorer',
      'outside_signer',
    ];
    for (const route of ROUTES) {
      expect(views).toContain(route.view);
      expect(['required', 'not_allowed', 'optional', 'outside_signer']).toContain(route.auth);
    }
  });
});

describe('a missing route parameter (onboarding §8)', () => {
  it('is named in the error', () => {
    expect(() => requireParam({}, 'clientId')).toThrow('Param clientId is required but not provided!');
    expect(() => requireParam({ clientId: '' }, 'clientId')).toThrow(
      'Param clientId is required but not provided!',
    );
    expect(requireParam({ clientId: 'c1' }, 'clientId')).toBe('c1');
  });
});

describe('my work', () => {
  it('opens for everyone signed in, in the view of their role', () => {
    const { route } = resolveRoute('/My-Work');
    expect(route).toMatchObject({ name: 'myWork', auth: 'required' });
    expect(viewFor(route, 'SLF_ADMIN')).toBe('internal');
    expect(viewFor(route, 'SLF_OWNER')).toBe('internal');
    expect(viewFor(route, 'BROKER')).toBe('broker');
    expect(viewFor(route, 'BEN_ADMIN')).toBe('benAdmin');
    // Other routes keep their own view whoever opens them.
    expect(viewFor(resolveRoute('/clients/admin').route, 'BROKER')).toBe('internal');
  });
});
