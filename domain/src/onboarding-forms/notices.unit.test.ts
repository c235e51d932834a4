import { describe, expect, it } from 'vitest';
import type { EnvelopeEvent, SigningRole } from '@onboard/events';
import { eventsOf, givenWhenThen } from '../testing/given-when-then.ts';
import { envelopeDecider, type EnvelopeCommand, type EnvelopeDeciderState } from './decider.ts';
import { envelopeNotices } from './notices.ts';
import { cmd, field, person, t, template } from '../testing/envelopes.ts';

const given = givenWhenThen(envelopeDecider);
const origin = { ipAddress: '127.0.0.1', userAgent: 'test', userId: null, linkId: null };
const sign = (recipientId: string, hashBefore: string, hashAfter: string, at = t(3)) =>
  cmd(
    'Sign',
    {
      recipientId,
      signatureKind: 'typed',
      values: {},
      documentId: `doc-${hashAfter}`,
      hashBefore,
      hashAfter,
      origin,
    },
    at,
  );

/** The history after a command, and the notices its events call for, each against the state before it. */
function run(history: EnvelopeEvent[], command: EnvelopeCommand) {
  const events = eventsOf(given(...history).when(command));
  let state: EnvelopeDeciderState = history.reduce(envelopeDecider.evolve, envelopeDecider.initialState());
  const notices = events.flatMap((event) => {
    const after = envelopeDecider.evolve(state, event)!;
    const found = envelopeNotices(state, event, after);
    state = after;
    return found;
  });
  return {
    history: [...history, ...events],
    notices: notices.map((n) => `${n.kind} ${n.recipientId}`),
    all: notices,
  };
}

const inOrder: SigningRole[] = [
  { roleId: 'employer', name: 'Employer', routingOrder: 1, quorum: null },
  { roleId: 'broker', name: 'Broker', routingOrder: 2, quorum: null },
];

describe('the e-mails an onboarding form’s events call for', () => {
  it('tells each recipient when they can sign, the others of a declined or voided form, never twice', () => {
    const created = run(
      [],
      cmd('CreateEnvelope', {
        template: template(inOrder, [field('f1', 'employer'), field('f2', 'broker')]),
        formName: 'Group application',
        recipients: [person('ben', 'employer'), person('bro', 'broker')],
      }),
    );
    // Sent: only the first routing order can sign; the broker waits and hears nothing yet.
    expect(created.notices).toEqual(['ONBOARDING_FORM_TO_SIGN ben']);
    const benSigned = run(created.history, sign('ben', 'h0', 'h1'));
    expect(benSigned.notices).toEqual(['ONBOARDING_FORM_TO_SIGN bro']);
    const declined = run(
      benSigned.history,
      cmd('Decline', { recipientId: 'bro', reason: 'Not our group', origin }, t(4)),
    );
    // The benefits administrator, who signed, hears of the decline and why; the broker not of their own.
    expect(declined.notices).toEqual(['ONBOARDING_FORM_DECLINED ben']);
    expect(declined.all[0]!.data).toEqual({
      formName: 'Group application',
      declinedBy: 'Person bro',
      reason: 'Not our group',
    });
    // Reassigned to an outside broker (no account): they can sign at once, and are told.
    const reassigned = run(
      declined.history,
      cmd('ReassignRecipient', { fromRecipientId: 'bro', recipient: person('rita', 'broker', null) }, t(5)),
    );
    expect(reassigned.notices).toEqual(['ONBOARDING_FORM_TO_SIGN rita']);
    expect(reassigned.all[0]!.userId).toBeNull();
    // Opening the view tells nobody; voiding tells everyone told of the form, not the one replaced.
    const opened = run(
      reassigned.history,
      cmd('OpenSigningView', { recipientId: 'rita', lockedUntil: t(30), origin }, t(6)),
    );
    expect(opened.notices).toEqual([]);
    const voided = run(opened.history, cmd('VoidEnvelope', { reason: 'Wrong plan year' }, t(7)));
    expect(voided.notices).toEqual(['ONBOARDING_FORM_VOIDED ben', 'ONBOARDING_FORM_VOIDED rita']);
    expect(voided.all[0]!.data.reason).toBe('Wrong plan year');
  });

  /** An officers' resolution any 2 of the 3 officers may sign; they have user accounts unless told. */
  const officersResolution = (withAccounts = true) =>
    cmd('CreateEnvelope', {
      template: template(
        [{ roleId: 'officers', name: 'Officers', routingOrder: 1, quorum: 2 }],
        [field('a', 'officers'), field('b', 'officers')],
      ),
      formName: 'Officers resolution',
      recipients: ['o1', 'o2', 'o3'].map((id) => person(id, 'officers', withAccounts ? undefined : null)),
    });

  it('a quorum of 2 of 3: all three are told they can sign, the third that they are no longer needed', () => {
    const created = run([], officersResolution(false));
    expect(created.notices).toEqual([
      'ONBOARDING_FORM_TO_SIGN o1',
      'ONBOARDING_FORM_TO_SIGN o2',
      'ONBOARDING_FORM_TO_SIGN o3',
    ]);
    const first = run(created.history, sign('o1', 'h0', 'h1'));
    expect(first.notices).toEqual([]);
    const second = run(first.history, sign('o2', 'h1', 'h2', t(4)));
    expect(second.notices).toEqual(['ONBOARDING_FORM_RELEASED o3']);
    expect(second.all[0]!.data.why).toBe('it needed any 2 of the 3 Officers, and 2 have signed');
  });

  it('a declined quorum member the others can still make up for holds nothing and tells nobody', () => {
    const created = run([], officersResolution());
    const declined = run(
      created.history,
      cmd('Decline', { recipientId: 'o1', reason: 'Away', origin }, t(4)),
    );
    expect(declined.notices).toEqual([]);
  });
});
