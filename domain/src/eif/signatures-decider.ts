import type { ConfirmedAnswer, EifActor, SignatureEvent } from '@onboard/events';
import { accepted, refused, type Command, type Decider, type Decision } from '../decider.ts';
import { unhandled } from '../exhaustive.ts';
import { confirmationsDue, orderSections, type SignedFacts, type Signature } from './signatures.ts';

/**
 * The signatures of a client's form beside the form (`signatures-{clientId}`): outside signers'
 * countersignatures and every confirmation of changes accepted after signing. What the form's own stream
 * tells (its signature, the answers accepted since) comes in with the command as `facts`, read by the
 * caller from that stream (eif/signatures.ts `signedFacts`).
 */
export type SignaturesState = {
  countersignatures: readonly Signature[];
  /** Per signature, the answers its signer confirmed. */
  confirmed: ReadonlyMap<string, ReadonlySet<string>>;
};

type Metadata = { at: string; by: EifActor };

export type SignaturesCommand =
  | Command<
      'Countersign',
      {
        clientId: string;
        signatureId: string;
        name: string;
        outsideSignerActionId: string;
        sections: readonly string[];
        isFormSigned: boolean;
      },
      Metadata
    >
  | Command<'ConfirmChanges', { clientId: string; facts: SignedFacts }, Metadata>;

export type SignaturesErrorCode = 'NOT_SIGNED' | 'ALREADY_SIGNED' | 'INVALID' | 'NOTHING_TO_CONFIRM';
export type SignaturesError = { code: SignaturesErrorCode; message: string };

export const SIGNATURE_MESSAGES = {
  notSigned: 'The form is not signed yet: sign it rather than countersign it.',
  alreadySigned: 'You have already signed this form.',
  noSections: 'Choose at least one section of the form to sign.',
  nothingToConfirm: 'There is nothing for you to confirm: no accepted change touches what you signed.',
} as const;

export function initialSignaturesState(): SignaturesState {
  return { countersignatures: [], confirmed: new Map() };
}

/** Every signature of the form: its own first, then the countersignatures. */
export const allSignatures = (facts: SignedFacts, state: SignaturesState): Signature[] => [
  ...(facts.signature ? [facts.signature] : []),
  ...state.countersignatures,
];

/** What each signer still has to confirm, from the form's facts and this stream's state. */
export const dueConfirmations = (facts: SignedFacts, state: SignaturesState) =>
  confirmationsDue(allSignatures(facts, state), facts.accepted, state.confirmed);

const refuse = (code: SignaturesErrorCode, message: string): Decision<SignatureEvent, SignaturesError> =>
  refused({ code, message });

export function decideSignatures(
  command: SignaturesCommand,
  state: SignaturesState,
): Decision<SignatureEvent, SignaturesError> {
  const { at, by } = command.metadata;
  switch (command.type) {
    case 'Countersign': {
      const { clientId, signatureId, name, outsideSignerActionId, isFormSigned } = command.data;
      if (!isFormSigned) return refuse('NOT_SIGNED', SIGNATURE_MESSAGES.notSigned);
      if (state.countersignatures.some((s) => s.by.userId === by.userId))
        return refuse('ALREADY_SIGNED', SIGNATURE_MESSAGES.alreadySigned);
      const sections = orderSections(command.data.sections);
      if (sections.length === 0) return refuse('INVALID', SIGNATURE_MESSAGES.noSections);
      return accepted({
        type: 'EifCountersigned',
        data: { clientId, signatureId, by, name, outsideSignerActionId, sections, at },
      });
    }
    case 'ConfirmChanges': {
      const { clientId, facts } = command.data;
      // A signer confirms for their own signatures only, everything due at once: the short re-sign.
      const mine = dueConfirmations(facts, state).filter((due) => due.signature.by.userId === by.userId);
      if (mine.length === 0) return refuse('NOTHING_TO_CONFIRM', SIGNATURE_MESSAGES.nothingToConfirm);
      return accepted(
        ...mine.map((due): SignatureEvent => ({
          type: 'EifChangesConfirmed',
          data: {
            clientId,
            signatureId: due.signature.signatureId,
            by,
            answers: due.answers.map((answer): ConfirmedAnswer => ({ ...answer })),
            at,
          },
        })),
      );
    }
    default:
      return unhandled('command', command);
  }
}

export function evolveSignatures(state: SignaturesState, event: SignatureEvent): SignaturesState {
  switch (event.type) {
    case 'EifCountersigned': {
      const { signatureId, by, name, sections, at } = event.data;
      return {
        ...state,
        countersignatures: [
          ...state.countersignatures,
          { signatureId, by, name, signerKind: 'OUTSIDE_SIGNER', sections, at },
        ],
      };
    }
    case 'EifChangesConfirmed': {
      const confirmed = new Map(state.confirmed);
      const done = new Set(confirmed.get(event.data.signatureId));
      for (const answer of event.data.answers) done.add(answer.answerId);
      confirmed.set(event.data.signatureId, done);
      return { ...state, confirmed };
    }
    default:
      return unhandled('event', event);
  }
}

export const signaturesDecider: Decider<SignaturesState, SignaturesCommand, SignatureEvent, SignaturesError> =
  {
    initialState: initialSignaturesState,
    decide: decideSignatures,
    evolve: evolveSignatures,
  };
