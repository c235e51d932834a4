import { describe, expect, it } from 'vitest';
import { clientKey } from '../api/hooks.ts';
import { censusGridKey, censusKey } from '../features/census/api.ts';
import { editingViewKey } from '../features/eif/forms/api.ts';
import { tasksKey } from '../features/hub/api.ts';
import { setupKey, welcomeFlowKey } from '../features/welcome/api.ts';
import { isClientPerson } from '../features/welcome/entry.ts';
import { firstReadsOf } from './route-data.ts';
import { resolveRoute } from './routes.ts';

const keysAt = (path: string, role: 'SLF_ADMIN' | 'SLF_OWNER' | 'BROKER' | 'BEN_ADMIN' = 'SLF_ADMIN') => {
  const { route, params } = resolveRoute(path);
  return firstReadsOf(route.name, params, role).map((read) => read.key);
};

describe("a route's first reads, started with its code", () => {
  it("are read under the keys the pages' own hooks use", () => {
    expect(keysAt('/client/acme%20co')).toEqual([
      clientKey('acme co'),
      editingViewKey('acme co'),
      tasksKey('acme co'),
      '/api/clients/acme%20co/api-jobs',
    ]);
    expect(keysAt('/clients/admin/acme/manage/review')).toEqual([clientKey('acme')]);
    expect(
      keysAt('/client/acme/task/eif-submit-company-information/step/company-information/tax-id'),
    ).toEqual([tasksKey('acme'), editingViewKey('acme')]);
    expect(keysAt('/client/acme/task/enrollment-elections/policy-1/validation-report/doc-1')).toEqual([
      censusKey('acme', 'policy-1'),
      censusGridKey('acme', 'policy-1', 'doc-1'),
    ]);
  });

  it("read the hub's entry guard's setup and welcome flow for exactly the people it reads them for", () => {
    for (const role of ['SLF_ADMIN', 'SLF_OWNER', 'BROKER', 'BEN_ADMIN'] as const) {
      const keys = keysAt('/client/acme', role);
      expect(keys.includes(setupKey('acme')), role).toBe(isClientPerson(role));
      expect(keys.includes(welcomeFlowKey('acme')), role).toBe(isClientPerson(role));
    }
  });

  it('are none where the page depends on who reads it or on nothing of a client', () => {
    expect(keysAt('/login')).toEqual([]);
    expect(keysAt('/clients/admin')).toEqual([]);
    expect(keysAt('/no-such-page')).toEqual([]);
  });
});
