import { describe, expect, it } from 'vitest';
import type { FeatureToggleEvent } from '@onboard/events';
import { commandBuilder, eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import {
  NO_OVERRIDE_MESSAGE,
  UNKNOWN_TOGGLE_MESSAGE,
  featureTogglesDecider,
  type FeatureToggleCommand,
} from './decider.ts';
import { resolveFeatureToggle } from './catalogue.ts';
import { at } from '../testing/actors.ts';

const staff = { userId: 'admin-1', role: 'SLF_ADMIN' };
const given = givenWhenThen(featureTogglesDecider);
const cmd = commandBuilder<FeatureToggleCommand>({ at, by: staff });
const set = (toggle: string, clientId: string | null, enabled: boolean) =>
  cmd('SetFeatureToggle', { toggle, clientId, enabled });
const clear = (toggle: string, clientId: string) => cmd('ClearFeatureToggleOverride', { toggle, clientId });
const wasSet = (toggle: string, clientId: string | null, enabled: boolean): FeatureToggleEvent => ({
  type: 'FeatureToggleSet',
  data: { toggle, clientId, enabled, at, by: staff },
});

describe('the feature toggles', () => {
  it('sets a toggle globally', () => {
    expect(eventsOf(given().when(set('explorerLanguage', null, false)))).toEqual([
      wasSet('explorerLanguage', null, false),
    ]);
  });

  it('sets a client’s override, leaving the global value as it was', () => {
    const history = [wasSet('explorerLanguage', null, false)];
    expect(eventsOf(given(...history).when(set('explorerLanguage', 'acme', true)))).toEqual([
      wasSet('explorerLanguage', 'acme', true),
    ]);
    const { state } = given(...history, wasSet('explorerLanguage', 'acme', true));
    const settings = state.toggles.get('explorerLanguage');
    expect(resolveFeatureToggle('explorerLanguage', settings, true, 'acme')).toMatchObject({
      enabled: true,
      source: 'client',
    });
    expect(resolveFeatureToggle('explorerLanguage', settings, true, 'other')).toMatchObject({
      enabled: false,
      source: 'global',
    });
    expect(resolveFeatureToggle('largeClient', undefined, false, 'acme')).toMatchObject({
      enabled: false,
      source: 'default',
    });
  });

  it('records nothing when the value is already so', () => {
    expect(
      eventsOf(given(wasSet('largeClient', 'acme', true)).when(set('largeClient', 'acme', true))),
    ).toEqual([]);
  });

  it('refuses a toggle it does not know, on the toggle field', () => {
    expect(refusalOf(given().when(set('teleport', null, true)))).toEqual({
      code: 'INVALID',
      message: UNKNOWN_TOGGLE_MESSAGE,
      fields: { toggle: UNKNOWN_TOGGLE_MESSAGE },
    });
  });

  it('clears a client’s override, and refuses to clear one that is not there', () => {
    expect(eventsOf(given(wasSet('largeClient', 'acme', true)).when(clear('largeClient', 'acme')))).toEqual([
      {
        type: 'FeatureToggleOverrideCleared',
        data: { toggle: 'largeClient', clientId: 'acme', at, by: staff },
      },
    ]);
    expect(refusalOf(given(wasSet('largeClient', null, true)).when(clear('largeClient', 'acme')))).toEqual({
      code: 'NOT_FOUND',
      message: NO_OVERRIDE_MESSAGE,
    });
  });
});
