import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EifActor, EifEvent, SignatureEvent } from '@onboard/events';
import { eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import {
  FORM_SIGNATURE_ID,
  SIGNED_SECTIONS,
  answersInWords,
  confirmationsDue,
  sectionOfAnswer,
  signedFacts,
  type Signature,
} from './signatures.ts';
import { SIGNATURE_MESSAGES, dueConfirmations, signaturesDecider } from './signatures-decider.ts';
import { signedBy } from '../testing/eif-events.ts';

const clientId = 'acme';
const benAdmin: EifActor = { userId: 'ben', role: 'BEN_ADMIN' };
const staff: EifActor = { userId: 'adam', role: 'SLF_ADMIN' };
const outside: EifActor = { userId: 'outside-signer:cfo@acme.example', role: 'OUTSIDE_SIGNER' };

const created: EifEvent = {
  type: 'EifEntityCreated',
  data: {
    clientId,
    entity: 'Client',
    entityId: clientId,
    attributes: { name: 'Acme', taxId: '123456789', erisaPlanType: 'WELFARE' },
  },
};
const signed = (at: string, sections?: string[]) => signedBy(clientId, benAdmin, at, sections);
const change = (changeId: string, at: string, attributes: Record<string, [unknown, unknown]>): EifEvent => ({
  type: 'EifEntityChanged',
  data: {
    clientId,
    entity: 'Client',
    entityId: clientId,
    changes: Object.entries(attributes).map(([attributeKey, [previousValue, value]]) => ({
      attributeKey,
      previousValue,
      value,
    })),
    pending: { changeId, at, by: staff },
  },
});
const accept = (changeIds: string[], at: string): EifEvent => ({
  type: 'EifChangesAccepted',
  data: { clientId, changeIds, by: staff, at },
});

const countersigned = (sections: string[], at = '2026-03-02T00:00:00.000Z'): SignatureEvent => ({
  type: 'EifCountersigned',
  data: {
    clientId,
    signatureId: 'cfo',
    by: outside,
    name: 'Casey Frost',
    outsideSignerActionId: 'abc',
    sections,
    at,
  },
});

describe('the sections of the form', () => {
  it('places each answer in the step that asks it', () => {
    expect(sectionOfAnswer('Client', 'taxId')).toBe('company-information');
    expect(sectionOfAnswer('Client', 'erisaPlanType')).toBe('other-contract-details');
    expect(sectionOfAnswer('Bill', 'name')).toBe('plan-administrators-&-billing');
    expect(sectionOfAnswer('EmployeeClass', 'groupName')).toBe('plan-configuration-&-eligibility');
    expect(SIGNED_SECTIONS).not.toContain('review-&-submit');
  });
});

describe('signedFacts', () => {
  it('keeps the signature with its sections and every answer accepted after it, before and after', () => {
    const facts = signedFacts([
      created,
      signed('2026-03-01T00:00:00.000Z', ['company-information']),
      change('c1', '2026-03-03T00:00:00.000Z', { taxId: ['123456789', '987654321'] }),
      change('c2', '2026-03-03T00:00:01.000Z', { erisaPlanType: ['WELFARE', 'PENSION'] }),
      accept(['c1'], '2026-03-04T00:00:00.000Z'),
    ]);
    expect(facts.signature).toMatchObject({
      signatureId: FORM_SIGNATURE_ID,
      sections: ['company-information'],
    });
    expect(facts.accepted).toEqual([
      {
        answerId: '1/Client/acme/taxId',
        entity: 'Client',
        entityId: clientId,
        attributeKey: 'taxId',
        section: 'company-information',
        before: '123456789',
        after: '987654321',
        acceptedAt: '2026-03-04T00:00:00.000Z',
      },
    ]);
  });

  it('reads a signature from before sections were kept as covering every section', () => {
    expect(signedFacts([created, signed('2026-03-01T00:00:00.000Z')]).signature?.sections).toEqual(
      SIGNED_SECTIONS,
    );
  });

  it('words the answers: questions and option names, never keys or codes', () => {
    const facts = signedFacts([
      created,
      signed('2026-03-01T00:00:00.000Z'),
      change('c1', '2026-03-03T00:00:00.000Z', { taxId: ['123456789', '987654321'] }),
      accept(['c1'], '2026-03-04T00:00:00.000Z'),
    ]);
    expect(answersInWords(facts.accepted)).toEqual([
      expect.objectContaining({
        section: 'Company information',
        entity: 'Company',
        question: expect.not.stringMatching(/taxId/),
        before: '12-3456789',
        after: '98-7654321',
      }),
    ]);
  });
});

describe('the signatures decider', () => {
  const given = givenWhenThen(signaturesDecider);
  const at = '2026-03-05T00:00:00.000Z';
  const facts = signedFacts([
    created,
    signed('2026-03-01T00:00:00.000Z'),
    change('c1', '2026-03-03T00:00:00.000Z', { taxId: ['123456789', '987654321'] }),
    accept(['c1'], '2026-03-04T00:00:00.000Z'),
  ]);

  it('countersigns the chosen sections of a signed form, in the form’s order', () => {
    const events = eventsOf(
      given().when({
        type: 'Countersign',
        data: {
          clientId,
          signatureId: 'cfo',
          name: 'Casey Frost',
          outsideSignerActionId: 'abc',
          sections: ['other-contract-details', 'plan-administrators-&-billing', 'nonsense'],
          isFormSigned: true,
        },
        metadata: { at, by: outside },
      }),
    );
    expect(events).toEqual([countersigned(['plan-administrators-&-billing', 'other-contract-details'], at)]);
  });

  it('refuses a countersignature on an unsigned form, twice by one signer, or of no section', () => {
    const countersign = (sections: string[], isFormSigned = true) =>
      ({
        type: 'Countersign',
        data: {
          clientId,
          signatureId: 'x',
          name: 'Casey Frost',
          outsideSignerActionId: 'abc',
          sections,
          isFormSigned,
        },
        metadata: { at, by: outside },
      }) as const;
    expect(refusalOf(given().when(countersign(['other-contract-details'], false))).code).toBe('NOT_SIGNED');
    expect(
      refusalOf(given(countersigned(['company-information'])).when(countersign(['company-information']))),
    ).toEqual({
      code: 'ALREADY_SIGNED',
      message: SIGNATURE_MESSAGES.alreadySigned,
    });
    expect(refusalOf(given().when(countersign(['review-&-submit']))).code).toBe('INVALID');
  });

  it('asks only the signer whose section changed, and confirming clears it', () => {
    const history = [countersigned(['other-contract-details'])];
    // The tax id is company information: the form's signer covers it, the countersigner does not.
    expect(dueConfirmations(facts, given(...history).state).map((d) => d.signature.by.userId)).toEqual([
      'ben',
    ]);
    expect(
      refusalOf(
        given(...history).when({
          type: 'ConfirmChanges',
          data: { clientId, facts },
          metadata: { at, by: outside },
        }),
      ).code,
    ).toBe('NOTHING_TO_CONFIRM');
    const confirmed = eventsOf(
      given(...history).when({
        type: 'ConfirmChanges',
        data: { clientId, facts },
        metadata: { at, by: benAdmin },
      }),
    );
    expect(confirmed).toEqual([
      {
        type: 'EifChangesConfirmed',
        data: { clientId, signatureId: FORM_SIGNATURE_ID, by: benAdmin, answers: facts.accepted, at },
      },
    ]);
    expect(dueConfirmations(facts, given(...history, ...confirmed).state)).toEqual([]);
    expect(
      refusalOf(
        given(...history, ...confirmed).when({
          type: 'ConfirmChanges',
          data: { clientId, facts },
          metadata: { at, by: benAdmin },
        }),
      ).message,
    ).toBe(SIGNATURE_MESSAGES.nothingToConfirm);
  });

  it('does not ask a countersigner about changes accepted before they signed', () => {
    const late = [countersigned(['company-information'], '2026-03-04T12:00:00.000Z')];
    expect(dueConfirmations(facts, given(...late).state).map((d) => d.signature.signatureId)).toEqual([
      FORM_SIGNATURE_ID,
    ]);
  });
});

describe('only the signers whose sections changed are asked (property)', () => {
  const section = fc.constantFrom(...SIGNED_SECTIONS);
  const signature = fc.record({
    sections: fc.uniqueArray(section, { minLength: 1 }),
    at: fc.integer({ min: 0, max: 20 }),
  });
  const answer = fc.record({
    section,
    at: fc.integer({ min: 0, max: 20 }),
    key: fc.constantFrom('a', 'b', 'c'),
  });
  const iso = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();

  it('asks a signer exactly the answers accepted after they signed in a section they attested', () => {
    fc.assert(
      fc.property(
        fc.array(signature, { minLength: 1, maxLength: 4 }),
        fc.array(answer, { maxLength: 12 }),
        fc.func(fc.boolean()),
        (signers, answers, wasConfirmed) => {
          const signatures: Signature[] = signers.map((s, i) => ({
            signatureId: `s${i}`,
            by: { userId: `u${i}`, role: 'BEN_ADMIN' },
            name: null,
            signerKind: 'AUTHORIZED_SIGNER',
            sections: s.sections,
            at: iso(s.at),
          }));
          const accepted = answers.map((a, i) => ({
            answerId: `${i}/Client/acme/${a.key}`,
            entity: 'Client',
            entityId: clientId,
            attributeKey: a.key,
            section: a.section,
            before: null,
            after: i,
            acceptedAt: iso(a.at),
          }));
          const confirmed = new Map(
            signatures.map((s) => [
              s.signatureId,
              new Set(accepted.filter((a) => wasConfirmed(s.signatureId, a.answerId)).map((a) => a.answerId)),
            ]),
          );
          const due = confirmationsDue(signatures, accepted, confirmed);
          for (const s of signatures) {
            const expected = accepted.filter(
              (a) =>
                a.acceptedAt > s.at &&
                s.sections.includes(a.section) &&
                !confirmed.get(s.signatureId)!.has(a.answerId),
            );
            const asked = due.find((d) => d.signature.signatureId === s.signatureId);
            // Nobody whose sections did not change is asked, and everyone whose did is.
            if (expected.length === 0) expect(asked).toBeUndefined();
            else expect(asked?.answers).toEqual(expected);
          }
        },
      ),
    );
  });

  it('never asks a signer about a section they did not attest, whatever is accepted', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(section, { minLength: 1, maxLength: 3 }),
        fc.array(
          fc.record({
            key: fc.constantFrom('taxId', 'erisaPlanType', 'policyAnniversaryMonth'),
            value: fc.string(),
          }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        (sections, edits) => {
          const events: EifEvent[] = [created, signed('2026-03-01T00:00:00.000Z', sections)];
          edits.forEach((edit, i) => {
            events.push(
              change(`c${i}`, `2026-03-02T00:00:0${i}.000Z`, { [edit.key]: [null, `${edit.value}!`] }),
            );
            events.push(accept([`c${i}`], `2026-03-03T00:00:0${i}.000Z`));
          });
          const facts = signedFacts(events);
          const due = dueConfirmations(facts, signaturesDecider.initialState());
          const attested: readonly string[] = sections;
          const touched = facts.accepted.filter((a) => attested.includes(a.section));
          expect(due.length).toBe(touched.length > 0 ? 1 : 0);
          for (const d of due) for (const a of d.answers) expect(attested).toContain(a.section);
        },
      ),
    );
  });
});
