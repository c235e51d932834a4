import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from './seed.ts';
import { answerEveryRequiredQuestion } from './testing/complete-eif.ts';
import { eventually } from './testing/http-client.ts';
import { SIGNING_MESSAGES } from '@onboard/domain';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';
import { UPDATES_REVIEWER, inviteOutsideSigner } from './testing/outside-signer.ts';

const client = `/api/clients/${DEMO_CLIENT_ID}`;

// The EIF cycle of onboarding §4 over HTTP: sign, edit after signing (pending), decline with a reason,
// edit again, accept; the change records and the history show all of it; outside signers act by link.
describe('EIF lifecycle over HTTP', () => {
  const portal = seededAppForTests('lifecycle', ['benAdmin', 'broker', 'staff']);

  const taxIdOf = async (api: Api) => {
    const res = await api.get(client);
    return res.body as {
      taxId: string | null;
      pendingChanges: { changeId: string; attributes: Record<string, unknown> }[];
      version: number;
    } & Record<string, unknown>;
  };

  it('refuses signing an incomplete form and appends nothing', async () => {
    const res = await portal.benAdmin.post(`${client}/eif/sign`);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'INCOMPLETE' });
  });

  it('refuses signing with only the tax id answered, listing what is missing in words with where to answer it', async () => {
    expect((await portal.benAdmin.put(client, { taxId: '12-3456789' })).status).toBe(200);
    const res = await portal.benAdmin.post(`${client}/eif/sign`);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      status: 422,
      code: 'INCOMPLETE',
      message: expect.stringMatching(/^The form cannot be signed yet: \d+ answers are still missing\.$/),
    });
    const missing = res.body.missing as { label: string; subStepTitle: string; route: string }[];
    expect(missing.length).toBeGreaterThan(1);
    expect(missing.map((m) => m.label)).not.toContain('Federal Tax ID (EIN)');
    expect(missing).toContainEqual(
      expect.objectContaining({
        subStepTitle: 'Plan administrators',
        route: 'step/plan-administrators-&-billing/plan-administrators',
        label: 'Add at least one primary plan administrator',
      }),
    );
    expect((await portal.benAdmin.get(client)).body).toMatchObject({ eifStatus: 'pre_sign' });
  });

  it('signs only as the signer setting says, which only staff set', async () => {
    const setSigner = (api: Api, setting: object) => api.put(`${client}/eif/authorized-signer`, setting);
    // Nobody named (the seeded demo): the client's ben-admin may sign (refused only as incomplete), a
    // broker may not, and staff never sign.
    expect((await portal.benAdmin.post(`${client}/eif/sign`)).body).toMatchObject({ code: 'INCOMPLETE' });
    expect((await portal.broker.post(`${client}/eif/sign`)).status).toBe(403);
    expect((await portal.staff.post(`${client}/eif/sign`)).status).toBe(403);

    // Only staff name the signer, and only one of the client's ben-admins.
    const own = { authorizedSignerUserId: 'demo-ben-admin', brokerAsAuthorizedSigner: false };
    expect((await setSigner(portal.benAdmin, own)).status).toBe(403);
    const notBenAdmin = await setSigner(portal.staff, { ...own, authorizedSignerUserId: 'demo-broker' });
    expect(notBenAdmin.status).toBe(400);
    expect(notBenAdmin.body.validationError).toEqual({
      'body.authorizedSignerUserId': 'Choose one of the client’s benefits administrators',
    });

    // The broker as authorized signer: the broker signs, the ben-admin no longer does.
    const asBroker = await setSigner(portal.staff, {
      authorizedSignerUserId: null,
      brokerAsAuthorizedSigner: true,
    });
    expect(asBroker.status).toBe(200);
    expect(asBroker.body).toMatchObject({ brokerAsAuthorizedSigner: true });
    expect(asBroker.body.authorizedSignerUserId ?? null).toBeNull();
    expect((await portal.broker.post(`${client}/eif/sign`)).body).toMatchObject({ code: 'INCOMPLETE' });
    const refused = await portal.benAdmin.post(`${client}/eif/sign`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only the client’s authorized signer can sign the form');

    // A named ben-admin signs; the broker no longer does.
    expect((await setSigner(portal.staff, own)).body).toMatchObject(own);
    expect((await portal.benAdmin.post(`${client}/eif/sign`)).body).toMatchObject({ code: 'INCOMPLETE' });
    expect((await portal.broker.post(`${client}/eif/sign`)).status).toBe(403);

    // Back to nobody named, as seeded: the next test's ben-admin signs by the default.
    expect(
      (await setSigner(portal.staff, { authorizedSignerUserId: null, brokerAsAuthorizedSigner: false }))
        .status,
    ).toBe(200);
  });

  it('lets only staff or the signer invite someone to sign, and only staff invite a review of updates', async () => {
    const invitations = async () =>
      Number(
        (await portal.app.pool.query<{ n: string }>('select count(*) as n from outside_signer_actions'))
          .rows[0]!.n,
      );
    const before = await invitations();
    const person = { email: 'cfo@lakeside.example', firstName: 'Casey', lastName: 'Fowler' };
    // No signer named: the broker is not the signer, so may not hand the signature to someone else.
    const byBroker = await portal.broker.post(`${client}/outside-signer`, {
      ...person,
      stepId: 'review-&-submit',
    });
    expect(byBroker.status).toBe(403);
    expect(byBroker.body.message).toBe(SIGNING_MESSAGES.inviteToSign);
    const updatesByBenAdmin = await portal.benAdmin.post(`${client}/outside-signer`, {
      ...person,
      stepId: 'review-&-submit-updates',
    });
    expect(updatesByBenAdmin.status).toBe(403);
    expect(updatesByBenAdmin.body.message).toBe(SIGNING_MESSAGES.inviteToReview);
    // Nothing to review on a form not signed yet: the invitation is refused in words.
    const updatesOfUnsigned = await portal.staff.post(`${client}/outside-signer`, {
      ...person,
      stepId: 'review-&-submit-updates',
    });
    expect(updatesOfUnsigned.status).toBe(400);
    expect(updatesOfUnsigned.body.message).toBe(SIGNING_MESSAGES.notSignedYet);
    expect(await invitations()).toBe(before);
    // The benefits administrator signs when nobody is named, so may ask someone else to sign instead.
    const byBenAdmin = await portal.benAdmin.post(`${client}/outside-signer`, {
      ...person,
      stepId: 'review-&-submit',
    });
    expect(byBenAdmin.status).toBe(201);
    expect(await invitations()).toBe(before + 1);
  });

  it('lets an invited outside signer sign through the e-mailed link, and only then', async () => {
    // A client none of the demo users belongs to: staff answer every required question and invite.
    const other = '/api/clients/harbor-freight-lines';
    await answerEveryRequiredQuestion(portal.staff, 'harbor-freight-lines');
    const { actionId, signer } = await inviteOutsideSigner(portal, 'harbor-freight-lines', {
      email: 'owner@harbor.example',
      firstName: 'Hana',
      lastName: 'Ortiz',
      stepId: 'review-&-submit',
    });
    const view = await signer.get(`/api/outside-signer/harbor-freight-lines/${actionId}`);
    expect(view.body.signer).toMatchObject({ firstName: 'Hana', stepId: 'review-&-submit' });
    expect(view.body.client).toMatchObject({ eifStatus: 'pre_sign' });
    // The link is for signing, not for reviewing updates.
    expect(
      (await signer.post(`/api/outside-signer/harbor-freight-lines/${actionId}/accept-updates`)).status,
    ).toBe(404);

    const signed = await signer.post(`/api/outside-signer/harbor-freight-lines/${actionId}/sign`);
    expect(signed.status).toBe(200);
    expect(signed.body.client).toMatchObject({
      eifStatus: 'signed',
      eifSignerKind: 'OUTSIDE_SIGNER',
      eifSignedBy: null,
      eifOutsideSignedBy: expect.any(String),
    });
    // Spent, and the form cannot be signed again.
    expect((await signer.post(`/api/outside-signer/harbor-freight-lines/${actionId}/sign`)).status).toBe(404);
    // Once signed, the signer setting is closed.
    const late = await portal.staff.put(`${other}/eif/authorized-signer`, {
      authorizedSignerUserId: null,
      brokerAsAuthorizedSigner: true,
    });
    expect(late.body).toMatchObject({ code: 'ALREADY_SIGNED' });
  });

  it('walks sign → pending edit → decline → edit → accept', async () => {
    await answerEveryRequiredQuestion(portal.benAdmin, DEMO_CLIENT_ID);
    expect((await portal.benAdmin.put(client, { taxId: '12-3456789' })).status).toBe(200);
    const signed = await portal.benAdmin.post(`${client}/eif/sign`);
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({
      eifStatus: 'signed',
      eifSignedBy: 'demo-ben-admin',
      eifSignerKind: 'AUTHORIZED_SIGNER',
    });

    const edited = await portal.benAdmin.put(client, { taxId: '98-7654321' });
    expect(edited.status).toBe(200);
    // The answer is the editing view: the pending value shows, the change waits for review.
    expect(edited.body).toMatchObject({ taxId: '987654321' });
    expect(edited.body.pendingChanges).toHaveLength(1);
    expect(edited.body.pendingChanges[0].attributes).toEqual({ taxId: '987654321' });

    // A ben-admin cannot review; staff decline with a reason (an empty one is refused).
    expect((await portal.benAdmin.post(`${client}/eif/changes/accept`, { changeIds: 'all' })).status).toBe(
      403,
    );
    const noReason = await portal.staff.post(`${client}/eif/changes/decline`, {
      changeIds: 'all',
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.validationError).toEqual({ 'body.reason': 'Please provide a reason for declining' });
    const declined = await portal.staff.post(`${client}/eif/changes/decline`, {
      changeIds: 'all',
      reason: 'The EIN does not match the IRS letter',
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      taxId: '123456789',
      pendingChanges: [],
      deifChangesDeclinedReason: 'The EIN does not match the IRS letter',
    });

    await portal.benAdmin.put(client, { taxId: '11-1111111' });
    const accepted = await portal.staff.post(`${client}/eif/changes/accept`, { changeIds: 'all' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      taxId: '111111111',
      pendingChanges: [],
      deifChangesAcceptedBy: 'demo-admin',
    });
    expect(
      (await portal.staff.post(`${client}/eif/changes/accept`, { changeIds: 'all' })).body,
    ).toMatchObject({
      code: 'NOTHING_TO_REVIEW',
    });

    // The read side agrees, and the change records carry each status.
    await eventually(async () => expect((await taxIdOf(portal.benAdmin)).taxId).toBe('111111111'));
    const log = await eventually(async () => {
      const res = await portal.staff.get(`${client}/change-log/deif-changes`);
      const taxChanges = (
        res.body as {
          action: string;
          changeDetails: { attributeKey: string; value: unknown; status: string }[];
        }[]
      )
        .flatMap((r) => r.changeDetails)
        .filter((d) => d.attributeKey === 'taxId' && d.value !== null);
      expect(taxChanges).toHaveLength(3);
      // The change log is its own projection: wait until it has applied the acceptance too.
      expect(taxChanges.at(-1)?.status).not.toBe('pending');
      return taxChanges;
    });
    expect(log.map((d) => [d.value, d.status])).toEqual([
      ['123456789', 'accepted'],
      ['987654321', 'declined'],
      ['111111111', 'accepted'],
    ]);

    // The net changes since signing (the net-changes read model): the accepted tax id replaced the signed
    // one; the client's own people read them too.
    const net = await eventually(async () => {
      const res = await portal.benAdmin.get(`${client}/change-log/net-changes`);
      expect(res.status).toBe(200);
      const entry = (
        res.body as { entity: string; details: { attributeKey: string; status: string }[] }[]
      ).find((n) => n.entity === 'Client');
      expect(entry?.details.find((d) => d.attributeKey === 'taxId')?.status).toBe('accepted');
      return entry;
    });
    expect(net).toMatchObject({
      entity: 'Client',
      entityId: DEMO_CLIENT_ID,
      action: 'update',
      pendingChangeIds: [],
      details: [
        { attributeKey: 'taxId', value: '111111111', previousValue: '123456789', status: 'accepted' },
      ],
    });
  });

  it('replays the history and shows the form before the first signature', async () => {
    expect((await portal.benAdmin.get(`${client}/eif/history`)).status).toBe(403);
    // The history read model catches up with the stream; then a page holds every save so far.
    const history = await eventually(async () => {
      const page = await portal.staff.get(`${client}/eif/history?limit=100`);
      expect(page.status).toBe(200);
      expect((page.body.entries as { type: string }[]).map((e) => e.type)).toContain('EifChangesAccepted');
      return page;
    });
    const events = history.body.entries as {
      revision: number;
      type: string;
      summary: string;
      who: string;
      actor: { role: string };
    }[];
    const signedAt = events.find((e) => e.type === 'EifSigned')!;
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['EifSigned', 'EifChangesDeclined', 'EifChangesAccepted']),
    );
    expect(events.find((e) => e.type === 'EifChangesDeclined')!.summary).toContain(
      'The EIN does not match the IRS letter',
    );
    // People by name and role, answers by their question.
    expect(events.find((e) => e.type === 'EifChangesDeclined')!.who).toBe('Adam Alvarez (Carrier admin)');
    expect(events.map((e) => e.summary).join(' ')).toContain('Federal Tax ID (EIN)');
    expect(history.body.nextBefore).toBeNull();
    // Paged: one entry a page, the cursor leads to the next older one.
    const first = await portal.staff.get(`${client}/eif/history?limit=1`);
    expect(first.body.entries).toHaveLength(1);
    expect(first.body.total).toBe(events.length);
    const second = await portal.staff.get(`${client}/eif/history?limit=1&before=${first.body.nextBefore}`);
    expect(second.body.entries[0].revision).toBeLessThan(first.body.entries[0].revision);
    // A page size that is not a whole number from 1 to 100 is refused, never clamped.
    for (const limit of ['NaN', 'abc', '0', '-1', '2.5', '101']) {
      const refused = await portal.staff.get(`${client}/eif/history?limit=${limit}`);
      expect(refused.status, limit).toBe(400);
      expect(refused.body, limit).toMatchObject({
        code: 'VALIDATION_ERROR',
        validationError: { 'query.limit': 'limit must be a whole number from 1 to 100' },
      });
    }
    const before = await portal.staff.get(`${client}/eif/history/${signedAt.revision - 1}`);
    expect(before.status).toBe(200);
    expect(before.body.form).toMatchObject({ taxId: '123456789', eifStatus: 'pre_sign', eifSignedAt: null });
    expect(before.body.current).toMatchObject({ taxId: '111111111', eifStatus: 'signed' });
    expect(before.body.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          entity: 'Client',
          attributeKey: 'taxId',
          then: '123456789',
          now: '111111111',
        }),
      ]),
    );
    expect((await portal.staff.get(`${client}/eif/history/100000`)).status).toBe(400);
  });

  it('lets an outside signer review the updates through the e-mailed link, once', async () => {
    // The implementation consultant changes an answer after signing; an outside signer reviews it.
    expect((await portal.staff.put(client, { taxId: '22-2222222' })).status).toBe(200);
    const { actionId, signer } = await inviteOutsideSigner(portal, DEMO_CLIENT_ID, UPDATES_REVIEWER);

    const view = await signer.get(`/api/outside-signer/${DEMO_CLIENT_ID}/${actionId}`);
    expect(view.status).toBe(200);
    expect(view.body.signer).toMatchObject({ firstName: 'Casey', stepId: 'review-&-submit-updates' });
    expect(view.body.client.pendingChanges).toHaveLength(1);
    // The net changes they review come from the read model, through the same link.
    const nets = await eventually(async () => {
      const res = await signer.get(`/api/outside-signer/${DEMO_CLIENT_ID}/${actionId}/net-changes`);
      expect(res.status).toBe(200);
      const pending = (res.body as { status: string; pendingChangeIds: string[] }[]).filter(
        (n) => n.status === 'pending',
      );
      expect(pending).toHaveLength(1);
      return pending;
    });
    expect(nets[0]).toMatchObject({
      entity: 'Client',
      pendingChangeIds: [view.body.client.pendingChanges[0].changeId],
      details: [{ attributeKey: 'taxId', value: '222222222', previousValue: '111111111', status: 'pending' }],
    });
    expect((await signer.get(`/api/outside-signer/another-client/${actionId}/net-changes`)).status).toBe(404);
    expect((await signer.get(`${client}/change-log/net-changes`)).status).toBe(401);
    // Their id works only for their own step: not for signing, not for another client.
    expect((await signer.post(`/api/outside-signer/${DEMO_CLIENT_ID}/${actionId}/sign`)).status).toBe(404);
    expect((await signer.get(`/api/outside-signer/another-client/${actionId}`)).status).toBe(404);

    const accepted = await signer.post(`/api/outside-signer/${DEMO_CLIENT_ID}/${actionId}/accept-updates`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.client).toMatchObject({ taxId: '222222222', pendingChanges: [] });
    // Used once: the link is spent.
    expect((await signer.get(`/api/outside-signer/${DEMO_CLIENT_ID}/${actionId}`)).status).toBe(404);
    expect((await signer.get(`/api/outside-signer/${DEMO_CLIENT_ID}/not-a-real-action`)).status).toBe(404);
    expect((await signer.get(`/api/outside-signer/${DEMO_CLIENT_ID}/${actionId}/net-changes`)).status).toBe(
      404,
    );
  });
});
