import { describe, expect, it } from 'vitest';
import {
  RULE_KINDS,
  copiesFor,
  effectiveRules,
  recipientsFor,
  ruleErrors,
  type RulePerson,
} from './rules.ts';

const people: RulePerson[] = [
  { userId: 'b1', name: 'Ben', email: 'ben@client.example', role: 'BEN_ADMIN' },
  { userId: 'b2', name: 'Bea', email: 'bea@client.example', role: 'BEN_ADMIN' },
  { userId: 'k1', name: 'Bianca', email: 'bianca@broker.example', role: 'BROKER' },
  { userId: 's1', name: 'Adam', email: 'adam@carrier.example', role: 'CONSULTANT' },
];

describe('notification rules', () => {
  it('send news for the client to every benefits administrator and broker by default, with no copy', () => {
    expect(effectiveRules([]).map((r) => r.kind)).toEqual([...RULE_KINDS]);
    const { to, cc } = recipientsFor([], 'TASK_NEEDS_ACTION', people);
    expect(to.map((p) => p.userId)).toEqual(['b1', 'b2', 'k1']);
    expect(cc).toEqual([]);
  });

  it('CC the broker on every NIGO: the administrators get the e-mail, the broker a copy of each', () => {
    const rules = [
      {
        kind: 'TASK_NEEDS_ACTION' as const,
        to: ['BEN_ADMIN' as const],
        ccRoles: ['BROKER' as const],
        ccAddresses: ['ops@carrier.example', 'BIANCA@broker.example'],
      },
    ];
    const { to, cc } = recipientsFor(rules, 'TASK_NEEDS_ACTION', people);
    expect(to.map((p) => p.userId)).toEqual(['b1', 'b2']);
    expect(cc).toEqual(['bianca@broker.example', 'ops@carrier.example']);
    // Other kinds keep their default.
    expect(recipientsFor(rules, 'DENTAL', people).to).toHaveLength(3);
  });

  it('send hand-offs to the carrier to the implementation consultant, the signed form to the brokers too', () => {
    const ids = (kind: Parameters<typeof recipientsFor>[1]) =>
      recipientsFor([], kind, people).to.map((p) => p.userId);
    expect(ids('CENSUS_SUBMITTED')).toEqual(['s1']);
    expect(ids('EIF_CHANGES_READY_FOR_REVIEW')).toEqual(['s1']);
    expect(ids('CLIENT_DOCUMENT_UPLOADED')).toEqual(['s1']);
    expect(ids('TASK_ESCALATED')).toEqual(['s1']);
    expect(ids('EIF_SIGNED')).toEqual(['k1', 's1']);
    expect(ids('GO_LIVE')).toEqual(['b1', 'b2', 'k1', 's1']);
    expect(ids('TASK_ACCEPTED')).toEqual(['b1', 'b2', 'k1']);
  });

  it('a reminder goes to whom the task names, with the rule’s copies', () => {
    const rules = [
      {
        kind: 'TASK_OVERDUE' as const,
        to: ['BEN_ADMIN' as const],
        ccRoles: ['BROKER' as const],
        ccAddresses: [],
      },
    ];
    const { to, cc } = recipientsFor(rules, 'TASK_OVERDUE', people, ['CONSULTANT']);
    expect(to.map((p) => p.userId)).toEqual(['s1']);
    expect(cc).toEqual(['bianca@broker.example']);
  });

  it('refuses a CC address with the messages of explorer §5, and a kind given twice', () => {
    expect(
      ruleErrors([
        { kind: 'DENTAL', to: [], ccRoles: [], ccAddresses: ['ok@example.com', 'bad..dots@example.com'] },
        { kind: 'DENTAL', to: [], ccRoles: [], ccAddresses: [] },
      ]),
    ).toEqual({
      'body.rules.0.ccAddresses.1': 'Please enter a valid email address',
      'body.rules.1.kind': 'Each kind of e-mail has one rule',
    });
  });

  it('an e-mail to a form’s recipient goes to them alone; the rule names who is copied, never them', () => {
    expect(copiesFor([], 'ONBOARDING_FORM_DECLINED', people, 'rita@ramos.example')).toEqual([]);
    const rules = [
      {
        kind: 'ONBOARDING_FORM_DECLINED' as const,
        to: [],
        ccRoles: ['BROKER' as const],
        ccAddresses: ['ops@carrier.example', 'Bianca@broker.example'],
      },
    ];
    expect(copiesFor(rules, 'ONBOARDING_FORM_DECLINED', people, 'ben@client.example')).toEqual([
      'bianca@broker.example',
      'ops@carrier.example',
    ]);
    // The broker it is addressed to is not copied on their own e-mail.
    expect(copiesFor(rules, 'ONBOARDING_FORM_DECLINED', people, 'bianca@broker.example')).toEqual([
      'ops@carrier.example',
    ]);
  });
});
