import { describe, expect, it } from 'vitest';
import { pathTo, readKey, type Answer, type Body, type Read } from './client.ts';

describe('the typed API client', () => {
  it('fills a path template with encoded values and appends the set query values', () => {
    expect(pathTo('/api/clients/{clientId}/tasks/{taskId}', { clientId: 'a b', taskId: 'x/y' })).toBe(
      '/api/clients/a%20b/tasks/x%2Fy',
    );
    expect(pathTo('/api/clients', {}, { search: 'lake', offset: 0, status: undefined, name: '' })).toBe(
      '/api/clients?search=lake&offset=0',
    );
    expect(pathTo('/api/x', {}, { tag: ['a', 'b'] })).toBe('/api/x?tag=a&tag=b');
  });

  it('refuses a template whose parameter has no value', () => {
    expect(() => pathTo('/api/clients/{clientId}', {})).toThrow('No value for {clientId}');
  });

  it('keys a read by its address', () => {
    expect(readKey('/api/clients/{clientId}/tasks', { clientId: 'lakeside' })).toBe(
      '/api/clients/lakeside/tasks',
    );
  });

  it('types paths, bodies and answers from the contracts (checked by the typecheck)', () => {
    const task = {} as Read<'/api/clients/{clientId}/tasks'>[number];
    // @ts-expect-error a task has no such field
    expect(task.noSuchField).toBeUndefined();
    // @ts-expect-error a parameter the template names is required
    expect(() => readKey('/api/clients/{clientId}/tasks', {})).toThrow();
    // @ts-expect-error no contract declares this path
    expect(readKey('/api/no-such-route', {})).toBe('/api/no-such-route');
    const body: Body<'put', '/api/clients/{clientId}/tasks/{taskId}/status'> = {
      policyId: null,
      // @ts-expect-error not a task status
      status: 'Finished',
      reason: null,
    };
    expect(body.policyId).toBeNull();
    const answer = null as Answer<'delete', '/api/clients/{clientId}'>;
    expect(answer).toBeNull();
  });
});
