import { Router } from 'express';
import {
  EIF_EVENT_TYPES,
  eifStream,
  parseEvent,
  signaturesStream,
  type EifEvent,
  type EventStore,
  type SignatureEvent,
} from '@onboard/events';
import {
  NotFoundError,
  fold,
  toClientView,
  roleLabel,
  foldWith,
  answersInWords,
  sectionLabel,
  signedFacts,
  type AnswerInWords,
  type Signature,
  dueConfirmations,
  signaturesDecider,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { type Authenticate, requireClientReader } from '../http/context.ts';
import { getEifSignatures } from './routes.contract.ts';
import { displayNames } from './names.ts';

/** One signature in words: who, when, which sections, what they still have to confirm, what they confirmed. */
export type SignatureInWords = {
  signatureId: string;
  signer: string;
  /** Whose signature it is (kept on the server: an outside signer's id holds their address). */
  userId: string;
  at: string;
  sections: string[];
  toConfirm: AnswerInWords[];
  confirmations: { at: string; answers: AnswerInWords[] }[];
};

/** The form's signatures as the review page, the hub, the summary PDF and the evidence pack read them. */
export type SignaturesInWords = {
  signatures: SignatureInWords[];
  /** The signers who still have to confirm changes, by name. */
  waitingFor: string[];
};

const EIF_TYPES: ReadonlySet<string> = new Set(EIF_EVENT_TYPES);

/**
 * Reads the form's stream and its signatures' stream into the signatures in words; `names` gives account
 * holders' names (an outside signer is named as invited). Null when there is no such client.
 */
export async function loadSignaturesInWords(
  store: EventStore,
  clientId: string,
  names: (userIds: readonly string[]) => Promise<ReadonlyMap<string, string>>,
): Promise<SignaturesInWords | null> {
  const [eifRecords, signatureRecords] = await Promise.all([
    store.readStream(eifStream(clientId)),
    store.readStream(signaturesStream(clientId)),
  ]);
  const eifEvents = eifRecords.map((r) => parseEvent(r)).filter((e) => EIF_TYPES.has(e.type)) as EifEvent[];
  const view = toClientView(fold(eifEvents), BigInt(eifRecords.length - 1));
  if (!view) return null;
  const facts = signedFacts(eifEvents);
  const signatureEvents = signatureRecords.map((r) => parseEvent(r) as SignatureEvent);
  const state = foldWith(signaturesDecider, signatureEvents);
  const signatures: Signature[] = [...(facts.signature ? [facts.signature] : []), ...state.countersignatures];
  const due = new Map(dueConfirmations(facts, state).map((d) => [d.signature.signatureId, d.answers]));
  const people = await names(signatures.map((s) => s.by.userId));
  const signerName = (s: Signature) => {
    const name = s.name ?? people.get(s.by.userId);
    return name ? `${name} (${roleLabel(s.by.role)})` : `An ${roleLabel(s.by.role).toLowerCase()}`;
  };
  const inWords: SignatureInWords[] = signatures.map((s) => ({
    signatureId: s.signatureId,
    signer: signerName(s),
    userId: s.by.userId,
    at: s.at,
    sections: s.sections.map(sectionLabel),
    toConfirm: answersInWords(due.get(s.signatureId) ?? [], view),
    confirmations: signatureEvents
      .filter((e) => e.type === 'EifChangesConfirmed' && e.data.signatureId === s.signatureId)
      .map((e) => ({
        at: e.data.at,
        answers: e.type === 'EifChangesConfirmed' ? answersInWords(e.data.answers, view) : [],
      })),
  }));
  return {
    signatures: inWords,
    waitingFor: inWords.filter((s) => s.toConfirm.length > 0).map((s) => s.signer),
  };
}

export type SignaturesDeps = { store: EventStore; authenticate: Authenticate };

/** GET /api/clients/{clientId}/eif/signatures: who signed what, and who still has to confirm which changes. */
export function eifSignaturesRoutes(deps: SignaturesDeps): Router {
  const router = Router();
  mount(router, getEifSignatures, async (req, res) => {
    const { actor, clientId } = await requireClientReader(deps.authenticate, req);
    const loaded = await loadSignaturesInWords(deps.store, clientId, (ids) => displayNames(deps.store, ids));
    if (!loaded) throw new NotFoundError('Client not found');
    res.setHeader('cache-control', 'no-store');
    res.json({
      signatures: loaded.signatures.map(({ userId: _userId, ...signature }) => signature),
      waitingFor: loaded.waitingFor,
      // The signed-in person's own part: what they are asked to confirm (the short re-sign page).
      mine: loaded.signatures.filter((s) => s.userId === actor.userId).flatMap((s) => s.toConfirm),
    });
  });
  return router;
}
