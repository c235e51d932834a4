import { describe, expect, it } from 'vitest';
import { clientKey } from '../api/hooks.ts';
import { censusGridKey, censusKey } from '../features/census/api.ts';
import { clientListPath } from '../features/clients/api.ts';
import { INITIAL_CLIENT_LIST_FILTERS, type ClientListFilters } from '../state/client-list-cookie.ts';
import { netChangesKeyAt, signaturesKey } from '../features/eif/api.ts';
import { editingViewKey } from '../features/eif/forms/api.ts';
import { tasksKey } from '../features/tasks/api.ts';
import { setupKey, welcomeFlowKey } from '../features/welcome/api.ts';
import { isClientPerson } from '../features/welcome/entry.ts';
import { firstReadsOf } from './route-data.ts';
import { resolveRoute } from './routes.ts';

type Role = 'SLF_ADMIN' | 'SLF_OWNER' | 'BROKER' | 'BEN_ADMIN';
/** Every user's client table kept on its second page of clients named like "acme". */
const keptFilters = (): ClientListFilters => ({ ...INITIAL_CLIENT_LIST_FILTERS, page: 2, search: 'acme' });

const keysAt = (path: string, role: Role = 'SLF_ADMIN') => {
  const { route, params } = resolveRoute(path);
  return firstReadsOf(route.name, params, { id: 'u1', role }, keptFilters).map((read) => read.key);
};

describe("a route's first reads, started with its code", () => {
  it("are read under the keys the pages' own hooks use", () => {
    expect(keysAt('/client/acme%20co')).toEqual([
      clientKey('acme co'),
      editingViewKey('acme co'),
      tasksKey('acme co'),
      '/api/clients/acme%20co/api-jobs',
    ]);
    expect(keysAt('/clients/admin/acme/manage/review')).toEqual([clientKey('acme'), signaturesKey('acme')]);
    expect(
      keysAt('/client/acme/task/eif-submit-company-information/step/company-information/tax-id'),
    ).toEqual([tasksKey('acme'), editingViewKey('acme')]);
    expect(keysAt('/client/acme/task/enrollment-elections/policy-1/validation-report/doc-1')).toEqual([
      censusKey('acme', 'policy-1'),
      censusGridKey('acme', 'policy-1', 'doc-1'),
    ]);
  });

  it('read the net changes as of the version the client view answered, as the pages do', () => {
    for (const path of ['/client/acme', '/clients/admin/acme/manage/review']) {
      const { route, params } = resolveRoute(path);
      const client = firstReadsOf(route.name, params, { id: 'u1', role: 'SLF_ADMIN' }).find(
        (read) => read.key === clientKey('acme'),
      );
      expect(client?.then?.({ version: 7 }).map((read) => read.key)).toEqual([netChangesKeyAt('acme', 7)]);
    }
  });

  it("read the hub's entry guard's setup and welcome flow for exactly the people it reads them for", () => {
    for (const role of ['SLF_ADMIN', 'SLF_OWNER', 'BROKER', 'BEN_ADMIN'] as const) {
      const keys = keysAt('/client/acme', role);
      expect(keys.includes(setupKey('acme')), role).toBe(isClientPerson(role));
      expect(keys.includes(welcomeFlowKey('acme')), role).toBe(isClientPerson(role));
    }
  });

  it("read the staff's client table as its filters were kept, and its consultants", () => {
    expect(keysAt('/clients/admin')).toEqual([clientListPath(keptFilters()), '/api/users/slfs']);
    expect(keysAt('/clients/admin')[0]).toContain('offset=25');
    expect(keysAt('/clients/admin', 'BROKER')).toEqual([]);
  });

  it('are none where the page depends on nothing of a client', () => {
    expect(keysAt('/login')).toEqual([]);
    expect(keysAt('/no-such-page')).toEqual([]);
  });
});
