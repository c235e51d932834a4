import { describe, expect, it } from 'vitest';
import type { BenAdminPlatformEvent } from '@onboard/events';
import { commandBuilder, eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import {
  NO_SUCH_PLATFORM,
  PLATFORM_NAME_TAKEN,
  PLATFORM_WEBSITE_MESSAGE,
  benAdminPlatformsDecider,
  type BenAdminPlatformCommand,
} from './decider.ts';
import { staff, at } from '../testing/actors.ts';

const later = '2026-11-25T09:30:00.000Z';
const given = givenWhenThen(benAdminPlatformsDecider);
const cmd = commandBuilder<BenAdminPlatformCommand>({ at, by: staff });

const platform = {
  name: '  Benefitfocus ',
  website: ' https://www.benefitfocus.com ',
  supportsDataFeeds: true,
};
const added: BenAdminPlatformEvent = {
  type: 'BenAdminPlatformAdded',
  data: {
    platformId: 'p-1',
    name: 'Benefitfocus',
    website: 'https://www.benefitfocus.com',
    supportsDataFeeds: true,
    at,
    by: staff,
  },
};

describe('the benefits-administration platform catalogue', () => {
  it('adds a platform, trimmed', () => {
    expect(eventsOf(given().when(cmd('AddBenAdminPlatform', { platformId: 'p-1', platform })))).toEqual([
      added,
    ]);
  });

  it('refuses a second platform of the same name, whatever its case, on the name field', () => {
    const refusal = refusalOf(
      given(added).when(
        cmd('AddBenAdminPlatform', {
          platformId: 'p-2',
          platform: { name: 'BENEFITFOCUS', website: '', supportsDataFeeds: false },
        }),
      ),
    );
    expect(refusal).toMatchObject({ code: 'INVALID', fields: { name: PLATFORM_NAME_TAKEN } });
  });

  it('refuses an empty name and a website that is not https', () => {
    const refusal = refusalOf(
      given().when(
        cmd('AddBenAdminPlatform', {
          platformId: 'p-1',
          platform: { name: ' ', website: 'ftp://x', supportsDataFeeds: false },
        }),
      ),
    );
    expect(refusal).toMatchObject({
      code: 'INVALID',
      fields: { name: 'Please provide a response', website: PLATFORM_WEBSITE_MESSAGE },
    });
  });

  it('renames a platform; keeping its own name is no clash, and an unchanged edit writes nothing', () => {
    const renamed = given(added).when(
      cmd(
        'EditBenAdminPlatform',
        { platformId: 'p-1', platform: { ...platform, name: 'Benefitfocus Marketplace' } },
        { at: later },
      ),
    );
    expect(eventsOf(renamed)).toEqual([
      {
        type: 'BenAdminPlatformChanged',
        data: { ...added.data, name: 'Benefitfocus Marketplace', at: later },
      },
    ]);
    expect(eventsOf(given(added).when(cmd('EditBenAdminPlatform', { platformId: 'p-1', platform })))).toEqual(
      [],
    );
    const state = given(added, ...eventsOf(renamed)).state;
    expect(state.platforms.get('p-1')).toMatchObject({
      name: 'Benefitfocus Marketplace',
      addedAt: at,
      updatedAt: later,
    });
  });

  it('retires a platform once: it stays in the catalogue, inactive', () => {
    const retired = eventsOf(
      given(added).when(cmd('RetireBenAdminPlatform', { platformId: 'p-1' }, { at: later })),
    );
    expect(retired).toEqual([
      { type: 'BenAdminPlatformRetired', data: { platformId: 'p-1', at: later, by: staff } },
    ]);
    const state = given(added, ...retired);
    expect(state.state.platforms.get('p-1')).toMatchObject({ active: false });
    expect(eventsOf(state.when(cmd('RetireBenAdminPlatform', { platformId: 'p-1' })))).toEqual([]);
  });

  it('answers an unknown platform as not found', () => {
    expect(refusalOf(given().when(cmd('RetireBenAdminPlatform', { platformId: 'nope' })))).toEqual({
      code: 'NOT_FOUND',
      message: NO_SUCH_PLATFORM,
    });
    expect(
      refusalOf(given(added).when(cmd('EditBenAdminPlatform', { platformId: 'nope', platform }))).code,
    ).toBe('NOT_FOUND');
  });
});
