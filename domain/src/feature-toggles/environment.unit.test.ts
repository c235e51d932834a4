import { describe, expect, it } from 'vitest';
import { environmentOfHost, traceSampleRate } from './environment.ts';

describe('the environment of a host', () => {
  it.each([
    ['localhost', 'local'],
    ['localhost:3000', 'local'],
    ['127.0.0.1:5173', 'local'],
    ['[::1]:3000', 'local'],
    ['onboard.localhost', 'local'],
    ['onboard.qa.carrier.example', 'qa'],
    ['onboard-qa.carrier.example', 'qa'],
    ['ONBOARD.STAGE.carrier.example', 'stage'],
    ['onboard-staging.carrier.example', 'stage'],
    ['onboard.prod.carrier.example', 'prod'],
    ['onboard.carrier.example', 'unknown'],
    ['quality.carrier.example', 'unknown'],
    ['', 'unknown'],
  ])('%s is %s', (host, environment) => {
    expect(environmentOfHost(host)).toBe(environment);
  });

  it('knows the configured production hosts', () => {
    expect(environmentOfHost('onboard.carrier.example:443', ['Onboard.Carrier.example'])).toBe('prod');
  });

  it('samples every trace on local, qa and stage, a tenth on prod, none when unknown', () => {
    expect(['local', 'qa', 'stage', 'prod', 'unknown'].map((e) => traceSampleRate(e as never))).toEqual([
      1, 1, 1, 0.1, 0,
    ]);
  });
});
