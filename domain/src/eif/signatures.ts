import type { ConfirmedAnswer, EifActor, EifEvent } from '@onboard/events';
import { EIF_FORMS } from './forms/definitions.ts';
import { EIF_STEPS, EIF_STEP_LABELS, type EifStepId } from './steps/catalogue.ts';
import { attributeLabel, entityLabel, valueLabel, type LabelView } from './labels.ts';
import { fold, initialState, isSameValue, type EifState, type EntityState } from './decider.ts';
import { oneOf } from '../one-of.ts';

/**
 * Re-signing only by whom it concerns. Each signature records the sections of the form (its steps) the
 * signer attested; once changes are accepted after signing, a signer confirms those of them that touch
 * their sections, and nobody else is asked.
 *
 * - The authorized signer (a benefits administrator, or the broker) signs the whole form: every section
 *   the review & submit step lists.
 * - An outside signer attests the sections their invitation names (every section when it names none);
 *   invited on a form already signed, they countersign those sections (ARCHITECTURE.md, Decisions).
 */

/** The sections a signature may cover: the form's steps that hold answers (review & submit holds none). */
export const SIGNED_SECTIONS = (Object.keys(EIF_STEPS) as EifStepId[]).filter(
  (step) => EIF_STEPS[step].length > 0,
);

export const isSignedSection = oneOf(SIGNED_SECTIONS);

export const sectionLabel = (section: string): string =>
  isSignedSection(section) ? EIF_STEP_LABELS[section] : section;

/** The sections in the form's order, each once; unknown ids dropped. */
export const orderSections = (sections: Iterable<string>): EifStepId[] => {
  const chosen = new Set(sections);
  return SIGNED_SECTIONS.filter((section) => chosen.has(section));
};

// Which step asks each answer: read from the form definitions (the first sub-step asking a key wins).
const SECTION_OF_FIELD = new Map<string, EifStepId>();
const SECTION_OF_ENTITY = new Map<string, EifStepId>();
for (const step of SIGNED_SECTIONS)
  for (const subStep of EIF_STEPS[step]) {
    for (const section of EIF_FORMS[subStep].sections) {
      switch (section.type) {
        case 'client':
        case 'policy':
        case 'plan': {
          const entity = { client: 'Client', policy: 'Policy', plan: 'Plan' }[section.type];
          for (const field of section.fields)
            if (!SECTION_OF_FIELD.has(`${entity}/${field.key}`))
              SECTION_OF_FIELD.set(`${entity}/${field.key}`, step);
          break;
        }
        case 'collection':
          if (!SECTION_OF_ENTITY.has(section.entity)) SECTION_OF_ENTITY.set(section.entity, step);
          break;
        case 'classBuilder':
          for (const entity of ['EmployeeClass', 'EmployeeClassPlan'])
            if (!SECTION_OF_ENTITY.has(entity)) SECTION_OF_ENTITY.set(entity, step);
          break;
        default: {
          const unknown: never = section;
          throw new Error(`Unknown form section ${JSON.stringify(unknown)}`);
        }
      }
    }
  }
// Entities no sub-step lists itself: a bill's and a contact's locations go with their bill and contact;
// the carrier's own keys of the company, its policies and plans (name, coverages, policy number) are the
// company information the form opens with.
const FALLBACK_SECTION: Readonly<Record<string, EifStepId>> = {
  BillLocation: SECTION_OF_ENTITY.get('Bill') ?? 'plan-administrators-&-billing',
  ContactLocation: SECTION_OF_ENTITY.get('Contact') ?? 'plan-administrators-&-billing',
  Plan: 'plan-configuration-&-eligibility',
};

/** The section (EIF step) an answer belongs to. */
export function sectionOfAnswer(entity: string, attributeKey: string): EifStepId {
  return (
    SECTION_OF_FIELD.get(`${entity}/${attributeKey}`) ??
    SECTION_OF_ENTITY.get(entity) ??
    FALLBACK_SECTION[entity] ??
    'company-information'
  );
}

/** One signature of the form: the first (`EifSigned`, id `form`) or an outside signer's countersignature. */
export type Signature = {
  signatureId: string;
  by: EifActor;
  /** The outside signer's name as invited; account holders are named by their account. */
  name: string | null;
  signerKind: string;
  sections: readonly string[];
  at: string;
};

export const FORM_SIGNATURE_ID = 'form';

/** What the form's own stream tells about signing: its signature, and every answer accepted since. */
export type SignedFacts = { signature: Signature | null; accepted: ConfirmedAnswer[] };

const answersOf = (entity: EntityState | undefined) => entity?.attributes ?? {};

/** The answers that differ between two accepted states of the form, as accepted at `acceptedAt`. */
function differences(
  before: ReadonlyMap<string, EntityState>,
  after: ReadonlyMap<string, EntityState>,
  acceptance: number,
  acceptedAt: string,
): ConfirmedAnswer[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].flatMap((key) => {
    const was = before.get(key);
    const now = after.get(key);
    const { entity, entityId } = (now ?? was)!;
    const attributes = new Set([...Object.keys(answersOf(was)), ...Object.keys(answersOf(now))]);
    return [...attributes].flatMap((attributeKey) => {
      const previous = answersOf(was)[attributeKey] ?? null;
      const value = answersOf(now)[attributeKey] ?? null;
      if (isSameValue(previous, value)) return [];
      return [
        {
          answerId: `${acceptance}/${entity}/${entityId}/${attributeKey}`,
          entity,
          entityId,
          attributeKey,
          section: sectionOfAnswer(entity, attributeKey),
          before: previous,
          after: value,
          acceptedAt,
        },
      ];
    });
  });
}

const entitiesOf = (state: EifState): ReadonlyMap<string, EntityState> =>
  state.status === 'empty' ? new Map() : state.entities;

/**
 * Folds the form's events for its signature and the answers accepted after it, each with its value
 * before and after the acceptance (a creation's answers from empty, a removal's to empty).
 */
export function signedFacts(events: readonly EifEvent[]): SignedFacts {
  let state = initialState();
  let signature: Signature | null = null;
  const accepted: ConfirmedAnswer[] = [];
  let acceptance = 0;
  for (const event of events) {
    const next = fold([event], state);
    if (event.type === 'EifSigned' && signature === null)
      signature = {
        signatureId: FORM_SIGNATURE_ID,
        by: event.data.by,
        name: null,
        signerKind: event.data.signerKind,
        sections: event.data.sections ?? SIGNED_SECTIONS,
        at: event.data.at,
      };
    if (event.type === 'EifChangesAccepted' && signature !== null) {
      acceptance += 1;
      accepted.push(...differences(entitiesOf(state), entitiesOf(next), acceptance, event.data.at));
    }
    state = next;
  }
  return { signature, accepted };
}

/** A signer who still has to confirm, with the accepted answers of their sections they have not confirmed. */
export type ConfirmationDue = { signature: Signature; answers: ConfirmedAnswer[] };

/**
 * Who has to confirm what: for each signature, the answers accepted after it in the sections it covered
 * that its signer has not confirmed yet. A signature with nothing to confirm is left out: only the signers
 * whose sections changed are asked.
 */
export function confirmationsDue(
  signatures: readonly Signature[],
  accepted: readonly ConfirmedAnswer[],
  confirmed: ReadonlyMap<string, ReadonlySet<string>>,
): ConfirmationDue[] {
  return signatures.flatMap((signature) => {
    const done = confirmed.get(signature.signatureId);
    const answers = accepted.filter(
      (answer) =>
        answer.acceptedAt > signature.at &&
        signature.sections.includes(answer.section) &&
        !done?.has(answer.answerId),
    );
    return answers.length > 0 ? [{ signature, answers }] : [];
  });
}

/** One answer as the re-sign page, the e-mail and the PDF word it: label, entity, before and after. */
export type AnswerInWords = {
  answerId: string;
  section: string;
  entity: string;
  question: string;
  before: string;
  after: string;
};

/** The answers in words, several acceptances of one answer shown as one change from first to last. */
export function answersInWords(answers: readonly ConfirmedAnswer[], view?: LabelView): AnswerInWords[] {
  const byAnswer = new Map<string, ConfirmedAnswer[]>();
  for (const answer of answers) {
    const key = `${answer.entity}/${answer.entityId}/${answer.attributeKey}`;
    byAnswer.set(key, [...(byAnswer.get(key) ?? []), answer]);
  }
  return [...byAnswer.values()].map((changes) => {
    const first = changes[0]!;
    const last = changes[changes.length - 1]!;
    return {
      answerId: changes.map((c) => c.answerId).join(' '),
      section: sectionLabel(first.section),
      entity: entityLabel(first.entity, first.entityId, view),
      question: attributeLabel(first.entity, first.attributeKey),
      before: valueLabel(first.entity, first.attributeKey, first.before, view),
      after: valueLabel(first.entity, first.attributeKey, last.after, view),
    };
  });
}
