import { describe, expect, it } from 'vitest';
import { itAnswers } from '../testing/examples.ts';
import type { EifEvent } from '@onboard/events';
import { givenWhenThen } from '../testing/given-when-then.ts';
import { completeFormRounds } from '../testing/complete-form.ts';
import { toEditingView } from './client-view.ts';
import {
  decide,
  effectiveEntities,
  eifDecider,
  fold,
  isSameValue,
  type EifCommand,
  type EifState,
} from './decider.ts';
import { clientAnswerSet, clientCreated, signedBy } from '../testing/eif-events.ts';

const clientId = 'c-1';
const benAdmin = { userId: 'u-ben', role: 'BEN_ADMIN' };
const staff = { userId: 'u-ic', role: 'SLF_ADMIN' };
/** A command of the client, asked at `at` by `by`. */
const cmd = <T extends EifCommand['type']>(
  type: T,
  data: Omit<Extract<EifCommand, { type: T }>['data'], 'clientId'>,
  at: string,
  by = benAdmin,
) => ({ type, data: { clientId, ...data }, metadata: { at, by } }) as EifCommand;

const created = clientCreated(clientId);
const taxIdSet = clientAnswerSet(clientId, 'taxId', '111111111');
const signed = signedBy(clientId, benAdmin);
const pendingTaxId = (changeId: string, value: string, by = benAdmin): EifEvent => ({
  type: 'EifEntityChanged',
  data: {
    clientId,
    entity: 'Client',
    entityId: clientId,
    changes: [{ attributeKey: 'taxId', value, previousValue: '111111111' }],
    pending: { changeId, at: '2026-11-02T10:00:00Z', by },
  },
});
/** A signed form with two pending tax-id changes: ch-1 by the benefits administrator, ch-2 by `secondBy`. */
const twoPendingTaxIds = (secondBy = benAdmin) => [
  created,
  taxIdSet,
  signed,
  pendingTaxId('ch-1', '222222222'),
  pendingTaxId('ch-2', '333333333', secondBy),
];

const given = givenWhenThen(eifDecider);

/** The events that answer every required question of the form these events make (testing/complete-form). */
async function completing(events: readonly EifEvent[]): Promise<EifEvent[]> {
  const all = [...events];
  let next = 0;
  const viewOf = () => toEditingView(fold(all), 0n)!;
  await completeFormRounds(viewOf(), async (edits) => {
    for (const edit of edits) {
      if (edit.action === 'create')
        all.push({
          type: 'EifEntityCreated',
          data: { clientId, entity: edit.entity, entityId: `item-${++next}`, attributes: edit.values },
        });
      else
        all.push({
          type: 'EifEntityChanged',
          data: {
            clientId,
            entity: edit.entity,
            entityId: edit.entityId!,
            changes: Object.entries(edit.values).map(([attributeKey, value]) => ({
              attributeKey,
              value,
              previousValue: null,
            })),
          },
        });
    }
    return viewOf();
  });
  return all.slice(events.length);
}

const changeTaxId = (value: string, changeId = 'ch-new'): EifCommand =>
  cmd(
    'ChangeAttributes',
    { entity: 'Client', entityId: clientId, attributes: { taxId: value }, changeId },
    '2026-11-03T10:00:00Z',
  );

const taxIdOf = (state: EifState, pending = false) =>
  state.status === 'empty'
    ? undefined
    : (pending ? effectiveEntities(state) : state.entities).get(`Client:${clientId}`)?.attributes.taxId;

describe('EIF decider: editing before signing', () => {
  it('given a client, when its tax id changes, then one change records value and previous value', () => {
    expect(given(created).when(changeTaxId('123456789'))).toEqual({
      ok: true,
      events: [clientAnswerSet(clientId, 'taxId', '123456789')],
    });
  });

  it('given a changed tax id, when it changes again, then the previous value is the last one', () => {
    const result = given(created, taxIdSet).when(changeTaxId('222222222'));
    expect(
      result.ok && result.events[0]?.type === 'EifEntityChanged' && result.events[0].data.changes,
    ).toEqual([{ attributeKey: 'taxId', value: '222222222', previousValue: '111111111' }]);
  });

  it('given a client, when the same value is saved, then nothing is recorded', () => {
    expect(given(created, taxIdSet).when(changeTaxId('111111111'))).toEqual({ ok: true, events: [] });
  });

  it('given an unanswered question, when No is saved, then the answer is recorded', () => {
    const result = given(created).when(
      cmd(
        'ChangeAttributes',
        { entity: 'Client', entityId: clientId, attributes: { hasSubsidiary: false }, changeId: 'x' },
        't',
      ),
    );
    expect(
      result.ok && result.events[0]?.type === 'EifEntityChanged' && result.events[0].data.changes,
    ).toEqual([{ attributeKey: 'hasSubsidiary', value: false, previousValue: null }]);
  });

  it('given no client, when an attribute changes, then it is refused as not found', () => {
    expect(given().when(changeTaxId('123456789'))).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Client not found' },
    });
  });

  it('given a client, when it is created again, then it is refused', () => {
    const result = given(created).when(
      cmd('CreateEntity', { entity: 'Client', entityId: clientId, attributes: {}, changeId: 'x' }, 't'),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'ALREADY_EXISTS' } });
  });

  it('given no client, when a policy is created, then it is refused', () => {
    const result = given().when(
      cmd('CreateEntity', { entity: 'Policy', entityId: 'p-1', attributes: {}, changeId: 'x' }, 't'),
    );
    expect(result).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Client not found' } });
  });

  it('given edits before signing, then they apply directly', () => {
    expect(taxIdOf(fold([created, taxIdSet]))).toBe('111111111');
  });

  itAnswers(isSameValue, {
    'treats false and null as the same answer': [
      [[false, null], true],
      [[true, null], false],
      [[{ a: 1 }, { a: 1 }], true],
    ],
  });
});

describe('EIF decider: signing', () => {
  it('given a complete form, when the authorized signer signs, then it is signed', async () => {
    const answers = await completing([created, taxIdSet]);
    const result = given(created, taxIdSet, ...answers).when(
      cmd(
        'SignEif',
        { signerKind: 'AUTHORIZED_SIGNER', outsideSignerActionId: null },
        '2026-11-01T10:00:00Z',
      ),
    );
    expect(result).toEqual({ ok: true, events: [signed] });
    const state = fold([created, taxIdSet, ...answers, signed]);
    expect(state.status).toBe('signed');
    expect(state.status !== 'empty' && state.stamps.eifSignedAt).toBe('2026-11-01T10:00:00Z');
  });

  it('given an incomplete form, when it is signed, then it is refused and names what is missing', () => {
    const result = given(created).when(
      cmd('SignEif', { signerKind: 'AUTHORIZED_SIGNER', outsideSignerActionId: null }, 't'),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'INCOMPLETE' } });
    const error = !result.ok ? result.error : null;
    expect(error?.missing?.find((m) => m.attributeKey === 'taxId')).toMatchObject({
      label: 'Federal Tax ID (EIN)',
      subStepTitle: 'Tax ID',
      route: 'step/company-information/tax-id',
    });
    expect(error?.message).toBe(
      `The form cannot be signed yet: ${error?.missing?.length} answers are still missing.`,
    );
  });

  it('given only the tax id answered, when it is signed, then it is refused: the other sub-steps are not done', () => {
    const result = given(created, taxIdSet).when(
      cmd('SignEif', { signerKind: 'AUTHORIZED_SIGNER', outsideSignerActionId: null }, 't'),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'INCOMPLETE' } });
    const missing = !result.ok ? (result.error.missing ?? []) : [];
    expect(missing.some((m) => m.attributeKey === 'taxId')).toBe(false);
    expect(new Set(missing.map((m) => m.subStepId))).toContain('plan-administrators');
  });

  it('given a signed form, when it is signed again, then it is refused', () => {
    const result = given(created, taxIdSet, signed).when(
      cmd('SignEif', { signerKind: 'AUTHORIZED_SIGNER', outsideSignerActionId: null }, 't'),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'ALREADY_SIGNED' } });
  });

  it('records an outside signer by action id, not as the signing user', () => {
    const state = fold([
      created,
      taxIdSet,
      { ...signed, data: { ...signed.data, signerKind: 'OUTSIDE_SIGNER', outsideSignerActionId: 'act-9' } },
    ]);
    expect(state.status !== 'empty' && [state.stamps.eifOutsideSignedBy, state.stamps.eifSignedBy]).toEqual([
      'act-9',
      null,
    ]);
  });
});

describe('EIF decider: changes after signing', () => {
  it('given a signed form, when the tax id changes, then the change is pending and the accepted value stays', () => {
    const result = given(created, taxIdSet, signed).when(changeTaxId('222222222', 'ch-1'));
    expect(result).toEqual({
      ok: true,
      events: [
        clientAnswerSet(clientId, 'taxId', '222222222', '111111111', {
          changeId: 'ch-1',
          at: '2026-11-03T10:00:00Z',
          by: benAdmin,
        }),
      ],
    });
    const state = fold([created, taxIdSet, signed, ...(result.ok ? result.events : [])]);
    expect(taxIdOf(state)).toBe('111111111');
    expect(taxIdOf(state, true)).toBe('222222222');
  });

  it('given a pending change, when a reviewer accepts it, then the accepted state takes it', () => {
    const history = [created, taxIdSet, signed, pendingTaxId('ch-1', '222222222')];
    const result = given(...history).when(
      cmd('AcceptChanges', { changeIds: 'all' }, '2026-11-04T10:00:00Z', staff),
    );
    expect(result).toEqual({
      ok: true,
      events: [
        {
          type: 'EifChangesAccepted',
          data: { clientId, changeIds: ['ch-1'], by: staff, at: '2026-11-04T10:00:00Z' },
        },
      ],
    });
    const state = fold([...history, ...(result.ok ? result.events : [])]);
    expect(taxIdOf(state)).toBe('222222222');
    expect(state.status !== 'empty' && state.pending).toEqual([]);
  });

  it('given a pending change, when a reviewer declines it with a reason, then it is dropped and the reason kept', () => {
    const history = [created, taxIdSet, signed, pendingTaxId('ch-1', '222222222')];
    const result = given(...history).when(
      cmd('DeclineChanges', { changeIds: ['ch-1'], reason: ' Wrong number ' }, '2026-11-04T10:00:00Z', staff),
    );
    const state = fold([...history, ...(result.ok ? result.events : [])]);
    expect(taxIdOf(state, true)).toBe('111111111');
    expect(state.status !== 'empty' && state.stamps.deifChangesDeclinedReason).toBe('Wrong number');
  });

  it('refuses declining without a reason', () => {
    const result = given(created, taxIdSet, signed, pendingTaxId('ch-1', '2')).when(
      cmd('DeclineChanges', { changeIds: 'all', reason: '   ' }, 't', staff),
    );
    expect(result).toEqual({
      ok: false,
      error: { code: 'REASON_REQUIRED', message: 'A reason is required to decline changes' },
    });
  });

  it('refuses accepting nothing', () => {
    expect(
      given(created, taxIdSet, signed).when(cmd('AcceptChanges', { changeIds: 'all' }, 't', staff)),
    ).toEqual({
      ok: false,
      error: { code: 'NOTHING_TO_REVIEW', message: 'There are no pending changes to accept' },
    });
    expect(
      given(created, taxIdSet, signed, pendingTaxId('ch-1', '2')).when(
        cmd('AcceptChanges', { changeIds: ['unknown'] }, 't', staff),
      ),
    ).toMatchObject({ ok: false, error: { code: 'NOTHING_TO_REVIEW' } });
  });

  it('refuses reviewing a form that is not signed', () => {
    expect(given(created).when(cmd('AcceptChanges', { changeIds: 'all' }, 't', staff))).toMatchObject({
      ok: false,
      error: { code: 'NOT_SIGNED' },
    });
  });

  it('accepts only the chosen changes and keeps the others pending', () => {
    const history = twoPendingTaxIds();
    const result = given(...history).when(cmd('AcceptChanges', { changeIds: ['ch-1'] }, 't', staff));
    const state = fold([...history, ...(result.ok ? result.events : [])]);
    expect(taxIdOf(state)).toBe('222222222');
    expect(state.status !== 'empty' && state.pending.map((c) => c.changeId)).toEqual(['ch-2']);
  });

  it('undoes only the implementation consultant edits', () => {
    const history = twoPendingTaxIds(staff);
    const result = given(...history).when(cmd('UndoIcEdits', {}, 't', staff));
    expect(result).toMatchObject({
      ok: true,
      events: [{ type: 'EifIcEditsUndone', data: { changeIds: ['ch-2'] } }],
    });
    expect(
      given(created, taxIdSet, signed, pendingTaxId('ch-1', '2')).when(cmd('UndoIcEdits', {}, 't', staff)),
    ).toMatchObject({
      ok: false,
      error: { code: 'NOTHING_TO_REVIEW' },
    });
  });

  it('marks changes ready for review only when there are some', () => {
    expect(given(created, taxIdSet, signed).when(cmd('MarkChangesReadyForReview', {}, 't'))).toMatchObject({
      ok: false,
      error: { code: 'NOTHING_TO_REVIEW' },
    });
    expect(
      given(created, taxIdSet, signed, pendingTaxId('ch-1', '2')).when(
        cmd('MarkChangesReadyForReview', {}, 't'),
      ),
    ).toMatchObject({ ok: true, events: [{ type: 'EifChangesMarkedReadyForReview' }] });
  });

  it('creates and deletes entities as pending changes after signing', () => {
    const history = [created, taxIdSet, signed];
    const create = given(...history).when(
      cmd(
        'CreateEntity',
        { entity: 'Location', entityId: 'loc-1', attributes: { name: 'Plant' }, changeId: 'ch-c' },
        't',
      ),
    );
    const afterCreate = fold([...history, ...(create.ok ? create.events : [])]);
    expect(afterCreate.status !== 'empty' && afterCreate.entities.has('Location:loc-1')).toBe(false);
    expect(afterCreate.status !== 'empty' && effectiveEntities(afterCreate).has('Location:loc-1')).toBe(true);
    const remove = decide(
      cmd('DeleteEntity', { entity: 'Location', entityId: 'loc-1', changeId: 'ch-d' }, 't'),
      afterCreate,
    );
    const afterDelete = fold(remove.ok ? remove.events : [], afterCreate);
    expect(afterDelete.status !== 'empty' && effectiveEntities(afterDelete).has('Location:loc-1')).toBe(
      false,
    );
  });
});
