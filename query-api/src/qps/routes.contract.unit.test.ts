import { describe, expect, it } from 'vitest';
import { ValidationError } from '@onboard/domain';
import { parseInput } from '@onboard/api-contract/express';
import { ApiJobsQuery, clientIdsOf } from './routes.contract.ts';

const idsOf = (query: Record<string, unknown>) => clientIdsOf(parseInput(ApiJobsQuery, query, 'query'));
const refusal = (query: Record<string, unknown>) => {
  try {
    idsOf(query);
  } catch (error) {
    return error instanceof ValidationError ? error.validationError : error;
  }
  return null;
};

describe('the client ids of GET /api/api-jobs', () => {
  it('takes clientIds[] (the spec’s form) or clientIds, one or many, each once', () => {
    expect(idsOf({ 'clientIds[]': ['a', 'b', 'a'] })).toEqual(['a', 'b']);
    expect(idsOf({ 'clientIds[]': 'a' })).toEqual(['a']);
    expect(idsOf({ clientIds: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(idsOf({ clientIds: 'a' })).toEqual(['a']);
    expect(idsOf({ 'clientIds[]': 'a', clientIds: 'b' })).toEqual(['a']);
  });

  it('refuses none, an empty one and more than 200 on query.clientIds', () => {
    const message = { 'query.clientIds': 'Give one or more client ids' };
    expect(refusal({})).toEqual(message);
    expect(refusal({ clientIds: '' })).toEqual(message);
    expect(refusal({ 'clientIds[]': ['a', ''] })).toEqual(message);
    expect(refusal({ clientIds: Array.from({ length: 201 }, () => 'a') })).toEqual(message);
    expect(refusal({ clientIds: Array.from({ length: 200 }, () => 'a') })).toBeNull();
  });
});
