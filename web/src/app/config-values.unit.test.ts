import { describe, expect, it } from 'vitest';
import { DEFAULT_SUPPORT_SETTINGS } from '@onboard/domain/web';
import type { Configuration } from '../api/configuration.ts';
import { configValues, DEFAULT_CONFIG_VALUES } from './config-values.ts';

const configured: Partial<Configuration> = {
  supportEmail: 'help@client.example.test',
  helpCenterUrl: 'https://help.client.example.test',
  legalLinks: {
    legal: 'https://client.example.test/legal',
    privacy: 'https://client.example.test/privacy',
    security: 'https://client.example.test/security',
    fraud: 'https://client.example.test/fraud',
  },
};

describe('the support and legal values the web shows', () => {
  it('before the configuration is loaded (or without it): the defaults the server answers', () => {
    expect(configValues(undefined)).toEqual(DEFAULT_SUPPORT_SETTINGS);
    expect(configValues(null)).toEqual(DEFAULT_CONFIG_VALUES);
    expect(DEFAULT_CONFIG_VALUES.supportEmail).toBe('support@onboard.example');
  });

  it('once loaded: the configured e-mail, help centre and legal link targets', () => {
    expect(configValues(configured)).toMatchObject(configured);
  });

  it('a value the answer lacks (an older stored answer) falls back to its default alone', () => {
    const older = { supportEmail: 'help@client.example.test' };
    expect(configValues(older)).toMatchObject({
      supportEmail: 'help@client.example.test',
      helpCenterUrl: DEFAULT_CONFIG_VALUES.helpCenterUrl,
      legalLinks: DEFAULT_CONFIG_VALUES.legalLinks,
    });
  });
});
