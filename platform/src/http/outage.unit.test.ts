import { describe, expect, it } from 'vitest';
import { unavailableDependency } from './outage.ts';

const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });

describe('which dependency an error says is down', () => {
  it.each([
    [Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), 'PostgreSQL'],
    [
      Object.assign(new Error('connect ENOENT /tmp/.s.PGSQL.5432'), { code: 'ENOENT', syscall: 'connect' }),
      'PostgreSQL',
    ],
    [new Error('Connection terminated unexpectedly'), 'PostgreSQL'],
    [new Error('timeout exceeded when trying to connect'), 'PostgreSQL'],
    [Object.assign(new Error('terminating connection'), { code: '57P01', severity: 'FATAL' }), 'PostgreSQL'],
    [named('UnavailableError'), 'EventStoreDB'],
    [named('DeadlineExceededError'), 'EventStoreDB'],
    [named('KafkaJSConnectionError'), 'Kafka'],
    [named('KafkaJSNumberOfRetriesExceeded'), 'Kafka'],
    [new Error('wrapped', { cause: named('KafkaJSConnectionError') }), 'Kafka'],
    [new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })]), 'PostgreSQL'],
  ])('%s → %s', (error, dependency) => {
    expect(unavailableDependency(error)).toBe(dependency);
  });

  it.each([
    new Error('boom'),
    Object.assign(new Error('invalid input syntax'), { code: '22P02', severity: 'ERROR' }),
    Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' }),
    Object.assign(new Error("ENOENT: no such file or directory, open 'x'"), {
      code: 'ENOENT',
      syscall: 'open',
    }),
    null,
  ])('%s is no outage', (error) => {
    expect(unavailableDependency(error)).toBeNull();
  });
});
