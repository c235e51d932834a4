import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT_ID } from './seed.ts';
import { answerEveryRequiredQuestion } from './testing/complete-eif.ts';
import { eventually } from './testing/http-client.ts';
import { seededAppForTests, type Api } from './testing/seeded-app.ts';
import { UPDATES_REVIEWER, inviteOutsideSigner } from './testing/outside-signer.ts';

const client = `/api/clients/${DEMO_CLIENT_ID}`;

type Net = {
  entity: string;
  status: string;
  details: {
    attributeKey: string;
    value: unknown;
    status: string;
    authors: { id: string; role: string; at: string }[];
  }[];
};

// Review after signing, answer by answer (onboarding §4 net-change rules per answer): who changed what,
// one count of what waits for review, and decisions on single answers by staff and by an outside signer.
describe('review by the answer over HTTP', () => {
  const portal = seededAppForTests('review_by_answer', ['benAdmin', 'staff', 'owner']);
  beforeAll(async () => {
    await answerEveryRequiredQuestion(portal.benAdmin, DEMO_CLIENT_ID);
    expect((await portal.benAdmin.put(client, { taxId: '12-3456789' })).status).toBe(200);
    expect((await portal.benAdmin.post(`${client}/eif/sign`)).status).toBe(200);
  });

  /** The seeded staff (platform/src/seed.ts). */
  const [adminId, ownerId] = ['demo-admin', 'demo-owner'];

  /** The client's pending net change of the Client entity, once the read model has `count` answers in it. */
  const clientNet = (api: Api, count: number) =>
    eventually(async () => {
      const res = await api.get(`${client}/change-log/net-changes`);
      expect(res.status).toBe(200);
      const net = (res.body as Net[]).find((n) => n.entity === 'Client' && n.status === 'pending');
      expect(net?.details.filter((d) => d.status === 'pending')).toHaveLength(count);
      return net!;
    });

  it('names, per answer, who changed it; the count of changes waiting agrees with the list', async () => {
    // The administrator changes two ERISA answers at once, the owner a third.
    expect(
      (await portal.staff.put(client, { erisaPlanAdminName: 'Lakeside HR', erisaPlanNumber: 502 })).status,
    ).toBe(200);
    const byOwner = await portal.owner.put(client, { erisaLegalAgent: 'Dana Reyes' });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.pendingReviewCount).toBe(3);

    const net = await clientNet(portal.benAdmin, 3);
    const authorsOf = (key: string) =>
      net.details.find((d) => d.attributeKey === key)?.authors.map((a) => [a.id, a.role]);
    expect(authorsOf('erisaPlanAdminName')).toEqual([[adminId, 'SLF_ADMIN']]);
    expect(authorsOf('erisaPlanNumber')).toEqual([[adminId, 'SLF_ADMIN']]);
    expect(authorsOf('erisaLegalAgent')).toEqual([[ownerId, 'SLF_OWNER']]);
    // Everyone who saw the form counts the same: the client view the banner reads says three.
    expect((await portal.benAdmin.get(client)).body.pendingReviewCount).toBe(3);

    // A second author of one answer: both are named, oldest first.
    expect((await portal.owner.put(client, { erisaPlanNumber: 503 })).status).toBe(200);
    await eventually(async () => {
      const again = await clientNet(portal.benAdmin, 3);
      const authors = again.details.find((d) => d.attributeKey === 'erisaPlanNumber')?.authors;
      expect(authors?.map((a) => a.id)).toEqual([adminId, ownerId]);
    });
    expect((await portal.benAdmin.get(client)).body.pendingReviewCount).toBe(3);
  });

  it('lets two staff accept one answer and decline another of one entity, leaving the third pending', async () => {
    const accepted = await portal.staff.post(`${client}/eif/changes/accept`, {
      answers: [{ entity: 'Client', entityId: DEMO_CLIENT_ID, attributeKey: 'erisaPlanNumber' }],
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ erisaPlanNumber: 503, pendingReviewCount: 2 });
    // The administrator's change made two answers: the other one still waits.
    expect(accepted.body.erisaPlanAdminName).not.toBe('Lakeside HR');

    const noReason = await portal.owner.post(`${client}/eif/changes/decline`, {
      answers: [{ entity: 'Client', entityId: DEMO_CLIENT_ID, attributeKey: 'erisaLegalAgent' }],
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    const declined = await portal.owner.post(`${client}/eif/changes/decline`, {
      answers: [{ entity: 'Client', entityId: DEMO_CLIENT_ID, attributeKey: 'erisaLegalAgent' }],
      reason: 'Our agent has not changed',
    });
    expect(declined.status).toBe(200);
    expect(declined.body.pendingReviewCount).toBe(1);
    expect(declined.body.erisaLegalAgent).not.toBe('Dana Reyes');

    const net = await clientNet(portal.benAdmin, 1);
    expect(net.details.map((d) => [d.attributeKey, d.status])).toEqual(
      expect.arrayContaining([
        ['erisaLegalAgent', 'declined'],
        ['erisaPlanAdminName', 'pending'],
      ]),
    );

    // Nothing to decide on that answer any more: refused, nothing written.
    const again = await portal.staff.post(`${client}/eif/changes/accept`, {
      answers: [{ entity: 'Client', entityId: DEMO_CLIENT_ID, attributeKey: 'erisaLegalAgent' }],
    });
    expect(again.status).toBe(422);
    expect((await portal.benAdmin.get(client)).body.pendingReviewCount).toBe(1);
    // A body that chooses nothing is a 400 naming the field.
    expect((await portal.staff.post(`${client}/eif/changes/accept`, {})).status).toBe(400);
  });

  it('lets an outside signer decide the updates answer by answer through one link, used once nothing is left', async () => {
    expect((await portal.staff.put(client, { erisaLegalAgent: 'Sam Ortiz' })).status).toBe(200);
    const { actionId, signer } = await inviteOutsideSigner(portal, DEMO_CLIENT_ID, UPDATES_REVIEWER);
    const base = `/api/outside-signer/${DEMO_CLIENT_ID}/${actionId}`;

    const one = await signer.post(`${base}/accept-updates`, {
      answers: [{ entity: 'Client', entityId: DEMO_CLIENT_ID, attributeKey: 'erisaLegalAgent' }],
    });
    expect(one.status).toBe(200);
    expect(one.body.client).toMatchObject({ erisaLegalAgent: 'Sam Ortiz', pendingReviewCount: 1 });
    // Something is left, so the link still works.
    expect((await signer.get(base)).status).toBe(200);

    const rest = await signer.post(`${base}/decline-updates`, {
      answers: [{ entity: 'Client', entityId: DEMO_CLIENT_ID, attributeKey: 'erisaPlanAdminName' }],
      reason: 'The administrator is the company',
    });
    expect(rest.status).toBe(200);
    expect(rest.body.client).toMatchObject({ pendingReviewCount: 0, pendingChanges: [] });
    expect((await signer.get(base)).status).toBe(404);
  });
});
