import { describe, expect, it } from 'vitest';
import { clientKey } from '../api/hooks.ts';
import { censusKey } from '../features/census/api.ts';
import { tasksKey } from '../features/hub/api.ts';
import { firstReadsOf } from './route-data.ts';
import { resolveRoute } from './routes.ts';

const keysAt = (path: string) => {
  const { route, params } = resolveRoute(path);
  return firstReadsOf(route.name, params).map((read) => read.key);
};

describe("a route's first reads, started with its code", () => {
  it("are read under the keys the pages' own hooks use", () => {
    expect(keysAt('/client/acme%20co')).toEqual([
      clientKey('acme co'),
      tasksKey('acme co'),
      '/api/clients/acme%20co/api-jobs',
    ]);
    expect(keysAt('/clients/admin/acme/manage/review')).toEqual([clientKey('acme')]);
    expect(
      keysAt('/client/acme/task/eif-submit-company-information/step/company-information/tax-id'),
    ).toEqual([tasksKey('acme')]);
    expect(keysAt('/client/acme/task/enrollment-elections/policy-1/validation-report/doc-1')).toEqual([
      censusKey('acme', 'policy-1'),
    ]);
  });

  it('are none where the page depends on who reads it or on nothing of a client', () => {
    expect(keysAt('/login')).toEqual([]);
    expect(keysAt('/clients/admin')).toEqual([]);
    expect(keysAt('/no-such-page')).toEqual([]);
  });
});
