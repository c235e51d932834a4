import type { FeatureToggleEvent } from '@onboard/events';
import { accepted, refused, type Command, type Decider, type Decision, type Intent } from '../decider.ts';
import { unhandled } from '../exhaustive.ts';
import { isFeatureToggleName, isGlobalOnlyToggle, type FeatureToggleSettings } from './catalogue.ts';

/** Every toggle's stored settings, folded from the `feature-toggles` stream. */
export type FeatureTogglesState = { toggles: ReadonlyMap<string, FeatureToggleSettings> };

export type FeatureToggleCommand =
  | Command<'SetFeatureToggle', { toggle: string; clientId: string | null; enabled: boolean }>
  | Command<'ClearFeatureToggleOverride', { toggle: string; clientId: string }>;
export type FeatureToggleIntent = Intent<FeatureToggleCommand>;

export type FeatureToggleError =
  { code: 'NOT_FOUND'; message: string } | { code: 'INVALID'; message: string; fields: { toggle: string } };

export const UNKNOWN_TOGGLE_MESSAGE = 'No such feature toggle';
export const GLOBAL_ONLY_MESSAGE = 'This toggle is set for everyone only, not for one client';
export const NO_OVERRIDE_MESSAGE = 'This client has no override of this toggle';

export const initialFeatureTogglesState = (): FeatureTogglesState => ({ toggles: new Map() });

export function decideFeatureToggles(
  command: FeatureToggleCommand,
  state: FeatureTogglesState,
): Decision<FeatureToggleEvent, FeatureToggleError> {
  const { at, by } = command.metadata;
  const { toggle, clientId } = command.data;
  if (!isFeatureToggleName(toggle))
    return refused({
      code: 'INVALID',
      message: UNKNOWN_TOGGLE_MESSAGE,
      fields: { toggle: UNKNOWN_TOGGLE_MESSAGE },
    });
  if (command.type === 'SetFeatureToggle' && clientId !== null && isGlobalOnlyToggle(toggle))
    return refused({
      code: 'INVALID',
      message: GLOBAL_ONLY_MESSAGE,
      fields: { toggle: GLOBAL_ONLY_MESSAGE },
    });
  const settings = state.toggles.get(toggle);
  switch (command.type) {
    case 'SetFeatureToggle': {
      const { enabled } = command.data;
      const current = clientId === null ? (settings?.global ?? null) : settings?.clients.get(clientId);
      if (current === enabled) return accepted();
      return accepted({ type: 'FeatureToggleSet', data: { toggle, clientId, enabled, at, by } });
    }
    case 'ClearFeatureToggleOverride': {
      if (!settings?.clients.has(command.data.clientId))
        return refused({ code: 'NOT_FOUND', message: NO_OVERRIDE_MESSAGE });
      return accepted({
        type: 'FeatureToggleOverrideCleared',
        data: { toggle, clientId: command.data.clientId, at, by },
      });
    }
    default:
      return unhandled('command', command);
  }
}

export function evolveFeatureToggles(
  state: FeatureTogglesState,
  event: FeatureToggleEvent,
): FeatureTogglesState {
  const toggles = new Map(state.toggles);
  const { toggle } = event.data;
  const current = toggles.get(toggle) ?? { global: null, clients: new Map<string, boolean>() };
  const clients = new Map(current.clients);
  switch (event.type) {
    case 'FeatureToggleSet':
      if (event.data.clientId === null) {
        toggles.set(toggle, { global: event.data.enabled, clients });
        break;
      }
      clients.set(event.data.clientId, event.data.enabled);
      toggles.set(toggle, { global: current.global, clients });
      break;
    case 'FeatureToggleOverrideCleared':
      clients.delete(event.data.clientId);
      toggles.set(toggle, { global: current.global, clients });
      break;
    default:
      return unhandled('event', event);
  }
  return { toggles };
}

/** The feature toggles as one decider (domain/src/decider.ts), over the `feature-toggles` stream. */
export const featureTogglesDecider: Decider<
  FeatureTogglesState,
  FeatureToggleCommand,
  FeatureToggleEvent,
  FeatureToggleError
> = {
  initialState: initialFeatureTogglesState,
  decide: decideFeatureToggles,
  evolve: evolveFeatureToggles,
};
