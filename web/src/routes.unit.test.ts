import { describe, expect, it } from 'vitest';
import { matchRoute } from 'wouter';
import {
  caseInsensitiveParser,
  homePathFor,
  loginPathFor,
  matchPath,
  safeRedirect,
  TAX_ID_ROUTE,
  taxIdPath,
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
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
  });
});
