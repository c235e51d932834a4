import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSettings, SETTINGS, settingsTable, throttleLimits } from './settings.ts';

const README = resolve(import.meta.dirname, '../../README.md');

/** The cells of a Markdown table's rows (after its header), however the columns are padded. */
const rowsOf = (table: string) =>
  table
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );

describe('the settings', () => {
  it('gives every variable its default when the environment sets none, or sets it blank', () => {
    for (const env of [{}, { PG_POOL_MAX: '', LOG_LEVEL: '  ', ONBOARD_DATA_DIR: '' }]) {
      const settings = parseSettings(env);
      expect(settings.PORT).toBe(3000);
      expect(settings.PG_POOL_MAX).toBe(32);
      expect(settings.LOG_LEVEL).toBe('info');
      expect(settings.ONBOARD_DATA_DIR).toBe('.data/pg');
      expect(settings.SEED_DEMO_DATA).toBeUndefined();
      expect(throttleLimits(settings).signInAddress).toEqual({ points: 50, seconds: 900 });
    }
  });

  it('reads numbers, switches, lists and limits', () => {
    const settings = parseSettings({
      PORT: '8080',
      SEED_DEMO_DATA: 'yes',
      EMAIL_DAILY_JOB: 'false',
      ONBOARD_PRODUCTION_HOSTS: ' Onboard.Example , ,portal.example',
      ONBOARD_THROTTLE_MFA_ACCOUNT: '3/1m',
    });
    expect(settings.PORT).toBe(8080);
    expect(settings.SEED_DEMO_DATA).toBe(true);
    expect(settings.EMAIL_DAILY_JOB).toBe(false);
    expect(settings.ONBOARD_PRODUCTION_HOSTS).toEqual(['onboard.example', 'portal.example']);
    expect(throttleLimits(settings).mfaAccount).toEqual({ points: 3, seconds: 60 });
  });

  it('refuses bad input naming every variable that is wrong, and never echoes a value', () => {
    const read = () =>
      parseSettings({
        PORT: '70000',
        PG_POOL_MAX: '-1',
        SEED_DEMO_DATA: 'maybe',
        QPS_DIRECTORY_URL: 'not a url',
        LOG_LEVEL: 'chatty',
        EMAIL_DIGEST_HOUR: '24',
        ONBOARD_THROTTLE_MFA_ACCOUNT: 'lots-secret',
        SESSION_SECRET: 'never-shown',
      });
    expect(read).toThrow(/^Configuration: /);
    const message = (() => {
      try {
        read();
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    })();
    for (const name of [
      'PORT: at most 65535',
      'PG_POOL_MAX: not a positive whole number',
      'SEED_DEMO_DATA: expected 1, true',
      'QPS_DIRECTORY_URL: not a URL',
      'LOG_LEVEL',
      'EMAIL_DIGEST_HOUR: at most 23',
      'ONBOARD_THROTTLE_MFA_ACCOUNT: expected attempts per window such as 50/15m',
    ])
      expect(message).toContain(name);
    expect(message).not.toMatch(/lots-secret|never-shown/);
  });

  it('describes every variable, and the README lists exactly them', () => {
    for (const [name, schema] of Object.entries(SETTINGS.shape))
      expect((schema.meta() as { description?: string } | undefined)?.description, name).toBeTruthy();
    const readme = readFileSync(README, 'utf8');
    const section = readme.slice(
      readme.indexOf('<!-- settings:start -->'),
      readme.indexOf('<!-- settings:end -->'),
    );
    expect(rowsOf(section)).toEqual(rowsOf(settingsTable()));
  });
});
