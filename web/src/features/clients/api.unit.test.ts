import { describe, expect, it } from 'vitest';
import { INITIAL_CLIENT_LIST_FILTERS } from '../../state/client-list-cookie.ts';
import { clientListPath, nextTaskDue } from './api.ts';

describe('clientListPath', () => {
  it('asks for the page, the sort and only the filters that are set', () => {
    expect(clientListPath(INITIAL_CLIENT_LIST_FILTERS)).toBe(
      '/api/clients?limit=25&offset=0&sortBy=name&sortDirection=asc',
    );
    const path = clientListPath({
      ...INITIAL_CLIENT_LIST_FILTERS,
      page: 3,
      search: '  acme ',
      sortBy: 'nextDueDate',
      sortDirection: 'desc',
      phase: 'eif',
      eifStatus: 'signed',
      implementationConsultantUserId: 'u-1',
      hasNigo: true,
      archived: true,
    });
    expect(Object.fromEntries(new URL(path, 'http://x').searchParams)).toEqual({
      limit: '25',
      offset: '50',
      sortBy: 'nextDueDate',
      sortDirection: 'desc',
      search: 'acme',
      phase: 'eif',
      eifStatus: 'signed',
      implementationConsultantUserId: 'u-1',
      hasNigo: 'true',
      archived: 'true',
    });
  });
});

describe('nextTaskDue', () => {
  const next = { taskId: 'kickoff-call', title: 'Kickoff call', policyId: null, status: 'Not Started' };
  it('shows the server’s badge, the plain date without one, nothing without a due date', () => {
    const badge = { tone: 'due-soon' as const, text: 'Due Soon: Due by 03/04/2027' };
    expect(nextTaskDue({ ...next, dueDate: '2027-03-04', badge })).toEqual(badge);
    expect(nextTaskDue({ ...next, dueDate: '2027-03-04', badge: null })).toEqual({
      tone: 'due',
      text: 'Due by 2027-03-04',
    });
    expect(nextTaskDue({ ...next, dueDate: null, badge: null })).toBeNull();
    expect(nextTaskDue(null)).toBeNull();
  });
});
