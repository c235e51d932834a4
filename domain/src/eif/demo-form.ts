import type { EifEntity, EifEvent } from '@onboard/events';
import { accepted, refused, type Command, type Decider } from '../decider.ts';
import { eifDecider, type EifState } from './decider.ts';

/**
 * A demo client's form as a fresh installation holds it (platform/src/seed.ts): every entity created in
 * one write, as its owner would have answered it, before anyone signed. Only an empty form is seeded: a
 * form someone wrote is theirs.
 */
export type SeedFormCommand = Command<
  'SeedForm',
  {
    clientId: string;
    entities: readonly { entity: EifEntity; entityId: string; attributes: Record<string, unknown> }[];
  }
>;

export type SeedFormError = { code: 'ALREADY_EXISTS'; message: string };

export const demoFormDecider: Decider<EifState, SeedFormCommand, EifEvent, SeedFormError> = {
  initialState: eifDecider.initialState,
  decide(command, state) {
    if (state.status !== 'empty')
      return refused({ code: 'ALREADY_EXISTS', message: 'The form is written already' });
    const { clientId, entities } = command.data;
    return accepted(
      ...entities.map((e): EifEvent => ({
        type: 'EifEntityCreated',
        data: { clientId, ...e, attributes: e.attributes },
      })),
    );
  },
  evolve: eifDecider.evolve,
};
