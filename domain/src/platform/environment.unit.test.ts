import { describe, expect, it } from 'vitest';
import { environmentFromHost, traceSampleRate } from './environment.ts';

describe('the environment from the host', () => {
  it.each([
    ['localhost', 'local'],
    ['localhost:5173', 'local'],
    ['127.0.0.1:3000', 'local'],
    ['127.0.1.1', 'local'],
    ['[::1]:3000', 'local'],
    ['portal.localhost', 'local'],
    ['qa.onboard.carrier.example', 'qa'],
    ['onboard-qa.carrier.example', 'qa'],
    ['stage.onboard.carrier.example', 'stage'],
    ['onboard-staging.carrier.example:443', 'stage'],
    ['onboard.carrier.example', 'prod'],
    ['www.onboard.carrier.example', 'prod'],
    ['ONBOARD.Carrier.Example.', 'prod'],
    ['example.com', 'unknown'],
    ['onboard', 'unknown'],
    ['quality.onboard.carrier.example', 'unknown'],
    ['', 'unknown'],
  ])('%s is %s', (host, environment) => {
    expect(environmentFromHost(host)).toBe(environment);
  });
});

describe('trace sampling', () => {
  it('samples every trace on local, qa and stage, a tenth on prod, none on an unknown environment', () => {
    expect(traceSampleRate('local')).toBe(1);
    expect(traceSampleRate('qa')).toBe(1);
    expect(traceSampleRate('stage')).toBe(1);
    expect(traceSampleRate('prod')).toBe(0.1);
    expect(traceSampleRate('unknown')).toBe(0);
  });

  it('follows the host', () => {
    expect(traceSampleRate(environmentFromHost('127.0.0.1:4000'))).toBe(1);
    expect(traceSampleRate(environmentFromHost('onboard.carrier.example'))).toBe(0.1);
    expect(traceSampleRate(environmentFromHost('elsewhere.example'))).toBe(0);
  });
});
