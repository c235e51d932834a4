import { describe, expect, it } from 'vitest';
import type { EnvelopeEvent, SigningField, SigningRole } from '@onboard/events';
import { eventsOf, givenWhenThen, refusalOf } from '../testing/given-when-then.ts';
import {
  ALREADY_SIGNED_LINK_MESSAGE,
  FORM_CLOSED_MESSAGE,
  LINK_EXPIRED_MESSAGE,
  LINK_LASTS_LONGER_MESSAGE,
  LOCKED_MESSAGE,
  NO_LINK_TO_EXTEND_MESSAGE,
  NOT_YOUR_TURN_MESSAGE,
  envelopeDecider,
  fieldsOf,
  type EnvelopeCommand,
  type SigningOrigin,
} from './decider.ts';
import { foldWith } from '../decider.ts';
import { cmd, field, person, t, template as formTemplate } from '../testing/envelopes.ts';
import { staff } from '../testing/actors.ts';
import { auditCertificate } from './certificate.ts';

const given = givenWhenThen(envelopeDecider);
const roles: SigningRole[] = [
  { roleId: 'employer', name: 'Employer', routingOrder: 1, quorum: null },
  { roleId: 'broker', name: 'Broker', routingOrder: 2, quorum: null },
];
const template = (r = roles, fields = [field('f1', 'employer'), field('f2', 'broker')]) =>
  formTemplate(r, fields);
const origin = (userId: string | null = null, linkId: string | null = null): SigningOrigin => ({
  ipAddress: '127.0.0.1',
  userAgent: 'test',
  userId,
  linkId,
});
const create = (recipients = [person('ben', 'employer'), person('bro', 'broker')], tpl = template()) =>
  cmd('CreateEnvelope', { template: tpl, formName: 'Group application', recipients });
const created = (...args: Parameters<typeof create>) => eventsOf(given().when(create(...args)));
const open = (recipientId: string, at = t(2), linkId: string | null = null) =>
  cmd('OpenSigningView', { recipientId, lockedUntil: t(30), origin: origin(null, linkId) }, at);
const sign = (
  recipientId: string,
  hashBefore: string,
  hashAfter: string,
  at = t(3),
  values: Record<string, string> = {},
) =>
  cmd(
    'Sign',
    {
      recipientId,
      signatureKind: 'drawn',
      values,
      documentId: `doc-${hashAfter}`,
      hashBefore,
      hashAfter,
      origin: origin(),
    },
    at,
  );
/** The history after a command, for the next given. */
const then = (history: EnvelopeEvent[], command: EnvelopeCommand) => [
  ...history,
  ...eventsOf(given(...history).when(command)),
];
const stateOf = (history: EnvelopeEvent[]) => foldWith(envelopeDecider, history)!;

describe('an onboarding form envelope', () => {
  it('is created from a template with its recipients; the first routing order is sent, the second waits', () => {
    const history = created();
    expect(history[0]).toMatchObject({
      type: 'EnvelopeCreated',
      data: { formName: 'Group application', sha256: 'h0' },
    });
    expect(stateOf(history).recipients.map((r) => [r.recipientId, r.status])).toEqual([
      ['ben', 'sent'],
      ['bro', 'waiting'],
    ]);
  });

  it('refuses a role without enough recipients and a bad e-mail, each on its field', () => {
    const refusal = refusalOf(given().when(create([{ ...person('ben', 'employer'), email: 'nope' }])));
    expect(refusal).toMatchObject({
      code: 'INVALID',
      fields: {
        'recipients.0.email': 'Please enter a valid email',
        'roles.broker': 'Broker needs at least 1 recipient',
      },
    });
  });

  it('refuses a recipient acting out of turn (routing order)', () => {
    expect(refusalOf(given(...created()).when(open('bro')))).toEqual({
      code: 'NOT_YOUR_TURN',
      message: NOT_YOUR_TURN_MESSAGE,
    });
    expect(refusalOf(given(...created()).when(sign('bro', 'h0', 'h1')))).toMatchObject({
      code: 'NOT_YOUR_TURN',
    });
  });

  it('moves to the next routing order after a signature, then completes with the last PDF', () => {
    let history = then(created(), open('ben'));
    history = then(history, sign('ben', 'h0', 'h1'));
    expect(stateOf(history).recipients.find((r) => r.recipientId === 'bro')!.status).toBe('sent');
    history = then(history, open('bro', t(4)));
    const last = eventsOf(given(...history).when(sign('bro', 'h1', 'h2', t(5))));
    expect(last.map((e) => e.type)).toEqual(['EnvelopeRecipientSigned', 'EnvelopeCompleted']);
    expect(last[1]!.data).toMatchObject({ documentId: 'doc-h2', sha256: 'h2', at: t(5) });
    expect(last[0]!.data).toMatchObject({
      hashBefore: 'h1',
      hashAfter: 'h2',
      ipAddress: '127.0.0.1',
      userAgent: 'test',
    });
  });

  it('refuses a signature stamped on a PDF that is no longer the current one', () => {
    const history = then(then(created(), open('ben')), sign('ben', 'h0', 'h1'));
    expect(refusalOf(given(...history).when(sign('bro', 'h0', 'hx', t(6))))).toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('lets one signer at a time: the lock of an opened view refuses another signer until it ends', () => {
    const quorum: SigningRole[] = [{ roleId: 'officers', name: 'Officers', routingOrder: 1, quorum: null }];
    const history = then(
      created([person('a', 'officers'), person('b', 'officers')], template(quorum, [field('s', 'officers')])),
      open('a', t(2)),
    );
    expect(refusalOf(given(...history).when(open('b', t(3))))).toEqual({
      code: 'LOCKED',
      message: LOCKED_MESSAGE,
    });
    expect(refusalOf(given(...history).when(sign('b', 'h0', 'h1', t(3))))).toMatchObject({ code: 'LOCKED' });
    // The lock ends when its time is up, or when its holder leaves to finish later.
    expect(given(...history).when(open('b', t(31))).ok).toBe(true);
    const left = then(history, cmd('FinishLater', { recipientId: 'a', origin: origin() }, t(4)));
    expect(stateOf(left).lock).toBeNull();
    expect(given(...left).when(open('b', t(5))).ok).toBe(true);
  });

  it('completes a quorum role at 2 of 3 and releases the third, who can no longer sign', () => {
    const officers: SigningRole[] = [{ roleId: 'officers', name: 'Officers', routingOrder: 1, quorum: 2 }];
    let history = created(
      [person('o1', 'officers'), person('o2', 'officers'), person('o3', 'officers')],
      template(officers, [field('s', 'officers')]),
    );
    history = then(history, sign('o1', 'h0', 'h1', t(2)));
    expect(stateOf(history).status).toBe('sent');
    const second = eventsOf(given(...history).when(sign('o2', 'h1', 'h2', t(3))));
    expect(second.map((e) => e.type)).toEqual([
      'EnvelopeRecipientSigned',
      'EnvelopeRoleCompleted',
      'EnvelopeCompleted',
    ]);
    expect(second[1]!.data).toMatchObject({ roleId: 'officers', releasedRecipientIds: ['o3'] });
    history = [...history, ...second];
    expect(stateOf(history).recipients.find((r) => r.recipientId === 'o3')).toMatchObject({
      status: 'released',
      releasedAt: t(3),
    });
    // Told in words that they are no longer needed, rather than that the form is closed.
    expect(refusalOf(given(...history).when(sign('o3', 'h2', 'h3', t(4))))).toEqual({
      code: 'NO_LONGER_NEEDED',
      message:
        'You no longer need to sign Group application: it needed any 2 of the 3 Officers, and 2 have signed.',
    });
    expect(refusalOf(given(...history).when(open('o3', t(4))))).toMatchObject({ code: 'NO_LONGER_NEEDED' });
  });

  it('a quorum role with one set of fields per signature gives each signer the next free set', () => {
    const officers: SigningRole[] = [{ roleId: 'officers', name: 'Officers', routingOrder: 1, quorum: 2 }];
    const at = (fieldId: string, kind: SigningField['kind'], x: number, y: number): SigningField => ({
      ...field(fieldId, 'officers', kind),
      x,
      y,
    });
    // Two lines, each a signature and a date; placed out of order, read top to bottom, left to right.
    const lines = [at('date-2', 'dateSigned', 400, 400), at('sig-1', 'signature', 60, 500)];
    lines.push(at('sig-2', 'signature', 60, 400), at('date-1', 'dateSigned', 400, 500));
    let history = created(
      [person('o1', 'officers'), person('o2', 'officers'), person('o3', 'officers')],
      template(officers, lines),
    );
    const ids = (recipientId: string) => fieldsOf(stateOf(history), recipientId).map((f) => f.fieldId);
    expect(ids('o1')).toEqual(['sig-1', 'date-1']);
    history = then(history, sign('o1', 'h0', 'h1', t(2)));
    expect(ids('o2')).toEqual(['sig-2', 'date-2']);
    expect(ids('o3')).toEqual(['sig-2', 'date-2']);
    // Fields that do not come in one set per signature: every member fills them all.
    const shared = created(
      [person('o1', 'officers'), person('o2', 'officers')],
      template(officers, [at('sig', 'signature', 60, 500)]),
    );
    expect(fieldsOf(stateOf(shared), 'o2').map((f) => f.fieldId)).toEqual(['sig']);
  });

  it('the audit certificate has each recipient and every step of theirs, from the events', () => {
    let history = created();
    history = then(history, open('ben', t(2)));
    history = then(history, sign('ben', 'h0', 'h1', t(3)));
    const certificate = auditCertificate(history, 'h1');
    expect(certificate).toMatchObject({ hashAfter: 'h1', hashBefore: expect.any(String) });
    expect(
      certificate.recipients.map((r) => [r.name, r.role, r.email, r.steps.map((s) => s.action)]),
    ).toEqual([
      [
        person('ben', 'employer').name,
        'Employer',
        person('ben', 'employer').email,
        ['Sent', 'Viewed', 'Signed'],
      ],
      [person('bro', 'broker').name, 'Broker', person('bro', 'broker').email, ['Sent']],
    ]);
    expect(certificate.recipients[0]!.steps[2]).toEqual({
      action: 'Signed',
      at: t(3),
      ipAddress: '127.0.0.1',
      userAgent: 'test',
    });
  });

  it('a quorum role gives each seat its own fields once: no field is filled by two signers', () => {
    const officers: SigningRole[] = [{ roleId: 'officers', name: 'Officers', routingOrder: 1, quorum: 2 }];
    const at = (fieldId: string, kind: SigningField['kind'], x: number, y: number): SigningField => ({
      ...field(fieldId, 'officers', kind),
      x,
      y,
    });
    // Two signature lines and one text field: three fields that do not come in one set per signature.
    const fields = [at('sig-1', 'signature', 60, 500), at('sig-2', 'signature', 60, 400)];
    fields.push(at('title', 'text', 60, 300));
    let history = created(
      [person('o1', 'officers'), person('o2', 'officers'), person('o3', 'officers')],
      template(officers, fields),
    );
    const ids = (recipientId: string) => fieldsOf(stateOf(history), recipientId).map((f) => f.fieldId);
    expect(ids('o2')).toEqual(['sig-1', 'title']);
    history = then(history, sign('o2', 'h0', 'h1', t(2), { title: 'President' }));
    // The one who signed keeps their seat; the others are offered the next one.
    expect(ids('o2')).toEqual(['sig-1', 'title']);
    expect(ids('o1')).toEqual(['sig-2']);
    expect(ids('o3')).toEqual(['sig-2']);
    history = then(history, sign('o3', 'h1', 'h2', t(3)));
    expect(ids('o3')).toEqual(['sig-2']);
    const seats = ['o2', 'o3'].flatMap(ids);
    expect(new Set(seats).size).toBe(fields.length);
    // Three signature lines for any 2: the first signer takes two, the second one.
    const three = created(
      [person('o1', 'officers'), person('o2', 'officers')],
      template(officers, [...[500, 400, 300].map((y, i) => at(`s${i + 1}`, 'signature', 60, y))]),
    );
    expect(fieldsOf(stateOf(three), 'o1').map((f) => f.fieldId)).toEqual(['s1', 's2']);
  });

  it('a quorum role before another releases its extra recipients and hands over to the next order', () => {
    const r: SigningRole[] = [
      { roleId: 'officers', name: 'Officers', routingOrder: 1, quorum: 1 },
      { roleId: 'broker', name: 'Broker', routingOrder: 2, quorum: null },
    ];
    let history = created(
      [person('o1', 'officers'), person('o2', 'officers'), person('bro', 'broker')],
      template(r, [field('s', 'officers'), field('b', 'broker')]),
    );
    history = then(history, sign('o1', 'h0', 'h1', t(2)));
    expect(refusalOf(given(...history).when(sign('o2', 'h1', 'h2', t(3))))).toEqual({
      code: 'NO_LONGER_NEEDED',
      message:
        'You no longer need to sign Group application: it needed any 1 of the 2 Officers, and 1 has signed.',
    });
    expect(stateOf(history).recipients.find((x) => x.recipientId === 'bro')!.status).toBe('sent');
  });

  it('a decline with a reason holds the form until staff reassign; the new recipient signs', () => {
    let history = then(then(created(), open('ben')), sign('ben', 'h0', 'h1'));
    expect(
      refusalOf(
        given(...history).when(cmd('Decline', { recipientId: 'bro', reason: ' ', origin: origin() })),
      ),
    ).toMatchObject({
      code: 'INVALID',
      fields: { reason: 'Please give a reason' },
    });
    history = then(
      history,
      cmd('Decline', { recipientId: 'bro', reason: 'Wrong plan year', origin: origin() }, t(4)),
    );
    const declined = stateOf(history);
    expect(declined.status).toBe('declined');
    expect(declined.recipients.find((r) => r.recipientId === 'bro')).toMatchObject({
      status: 'declined',
      declineReason: 'Wrong plan year',
    });
    history = then(
      history,
      cmd('ReassignRecipient', { fromRecipientId: 'bro', recipient: person('bro2', 'ignored') }, t(5)),
    );
    const reassigned = stateOf(history);
    expect(reassigned.status).toBe('sent');
    expect(reassigned.recipients.find((r) => r.recipientId === 'bro2')).toMatchObject({
      roleId: 'broker',
      status: 'sent',
    });
    expect(refusalOf(given(...history).when(sign('bro', 'h1', 'h2', t(6))))).toMatchObject({
      code: 'CONFLICT',
    });
    const done = eventsOf(given(...history).when(sign('bro2', 'h1', 'h2', t(6))));
    expect(done.map((e) => e.type)).toEqual(['EnvelopeRecipientSigned', 'EnvelopeCompleted']);
  });

  it('voids: nobody can act any more, and a second void is refused', () => {
    const history = then(created(), cmd('VoidEnvelope', { reason: 'Sent by mistake' }, t(2)));
    expect(stateOf(history)).toMatchObject({
      status: 'voided',
      voidReason: 'Sent by mistake',
      voidedAt: t(2),
    });
    expect(refusalOf(given(...history).when(open('ben', t(3))))).toEqual({
      code: 'CONFLICT',
      message: FORM_CLOSED_MESSAGE,
    });
    expect(refusalOf(given(...history).when(cmd('VoidEnvelope', { reason: 'again' })))).toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('a signing link opens once, before it expires; after that it is treated as expired', () => {
    const issued = then(
      created(),
      cmd('IssueSigningLink', { recipientId: 'ben', linkId: 'L1', expiresAt: t(20) }, t(1)),
    );
    expect(refusalOf(given(...issued).when(open('ben', t(21), 'L1')))).toEqual({
      code: 'LINK_EXPIRED',
      message: LINK_EXPIRED_MESSAGE,
    });
    const opened = then(issued, open('ben', t(2), 'L1'));
    expect(refusalOf(given(...opened).when(open('ben', t(3), 'L1')))).toMatchObject({ code: 'LINK_EXPIRED' });
    expect(refusalOf(given(...issued).when(open('ben', t(2), 'unknown')))).toMatchObject({
      code: 'LINK_EXPIRED',
    });
  });

  it('staff extend a signing link, expired or not: the same link opens until the new expiry', () => {
    const issued = then(
      created(),
      cmd('IssueSigningLink', { recipientId: 'ben', linkId: 'L1', expiresAt: t(20) }, t(1)),
    );
    // Given the link expired, when staff extend it, then it opens again until the new time.
    const extended = then(issued, cmd('ExtendSigningLink', { recipientId: 'ben', expiresAt: t(50) }, t(25)));
    expect(extended.at(-1)).toMatchObject({
      type: 'EnvelopeSigningLinkExtended',
      data: { recipientId: 'ben', linkId: 'L1', expiresAt: t(50), by: staff },
    });
    expect(eventsOf(given(...extended).when(open('ben', t(30), 'L1')))[0]).toMatchObject({
      type: 'EnvelopeRecipientViewed',
    });
    expect(refusalOf(given(...extended).when(open('ben', t(51), 'L1')))).toMatchObject({
      code: 'LINK_EXPIRED',
    });
    // An expiry no later than the present one, a used link, no link at all: refused, in words.
    expect(
      refusalOf(given(...extended).when(cmd('ExtendSigningLink', { recipientId: 'ben', expiresAt: t(40) }))),
    ).toEqual({ code: 'CONFLICT', message: LINK_LASTS_LONGER_MESSAGE });
    const used = then(extended, open('ben', t(30), 'L1'));
    expect(
      refusalOf(given(...used).when(cmd('ExtendSigningLink', { recipientId: 'ben', expiresAt: t(59) }))),
    ).toEqual({ code: 'NOT_FOUND', message: NO_LINK_TO_EXTEND_MESSAGE });
    expect(
      refusalOf(given(...created()).when(cmd('ExtendSigningLink', { recipientId: 'ben', expiresAt: t(59) }))),
    ).toEqual({ code: 'NOT_FOUND', message: NO_LINK_TO_EXTEND_MESSAGE });
  });

  it('a used link its recipient signed through says the form is already signed, not that it expired', () => {
    const issued = then(
      created(),
      cmd('IssueSigningLink', { recipientId: 'ben', linkId: 'L1', expiresAt: t(20) }, t(1)),
    );
    const signed = then(then(issued, open('ben', t(2), 'L1')), sign('ben', 'h0', 'h1'));
    expect(refusalOf(given(...signed).when(open('ben', t(4), 'L1')))).toEqual({
      code: 'LINK_EXPIRED',
      message: ALREADY_SIGNED_LINK_MESSAGE,
    });
  });

  it('adds a recipient to a role; refuses after completion', () => {
    const added = then(created(), cmd('AddRecipient', { recipient: person('ben2', 'employer') }));
    expect(stateOf(added).recipients.find((r) => r.recipientId === 'ben2')).toMatchObject({
      status: 'sent',
      routingOrder: 1,
    });
  });

  it('moves a recipient to their new e-mail; nothing when it is the same', () => {
    const history = then(
      created(),
      cmd('ChangeRecipientEmail', { recipientId: 'ben', email: ' Ben.New@Example.com ', userId: 'user-ben' }),
    );
    expect(stateOf(history).recipients[0]).toMatchObject({ email: 'ben.new@example.com', status: 'sent' });
    expect(
      eventsOf(
        given(...history).when(
          cmd('ChangeRecipientEmail', {
            recipientId: 'ben',
            email: 'ben.new@example.com',
            userId: 'user-ben',
          }),
        ),
      ),
    ).toEqual([]);
  });
});
