import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SUPPORT_SETTINGS } from '@onboard/domain/web';
import { CONFIGURATION_STORAGE_KEY, loadConfiguration, type Configuration } from './configuration.ts';

const configuration = (version: string): Configuration => ({
  version,
  environment: 'local',
  supportEmail: 'support@onboard.example',
  helpCenterUrl: 'https://help.onboard.example',
  legalLinks: DEFAULT_SUPPORT_SETTINGS.legalLinks,
  analytics: null,
  errorReporting: null,
  features: [],
});

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
};

describe('the configuration', () => {
  it('is fetched once per version and kept', async () => {
    const storage = memoryStorage();
    const fetch = vi.fn(async () => configuration('v1'));
    expect(await loadConfiguration(storage, 'v1', fetch)).toMatchObject({ version: 'v1' });
    expect(await loadConfiguration(storage, 'v1', fetch)).toMatchObject({ version: 'v1' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.getItem(CONFIGURATION_STORAGE_KEY)!)).toMatchObject({ version: 'v1' });

    const next = vi.fn(async () => configuration('v2'));
    expect(await loadConfiguration(storage, 'v2', next)).toMatchObject({ version: 'v2' });
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('throws a failed load', async () => {
    const failing = () => Promise.reject(new Error('503'));
    await expect(loadConfiguration(memoryStorage(), 'v1', failing)).rejects.toThrow('503');
  });
});
