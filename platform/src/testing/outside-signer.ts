import { expect } from 'vitest';
import { apiClient, eventually } from './http-client.ts';
import type { SeededApp } from './seeded-app.ts';

/** Who is invited to sign, or to review the updates (`stepId`), for the client. */
export type OutsideSignerInvite = { email: string; firstName: string; lastName: string; stepId: string };

/** The demo client's CFO, invited to review the updates made after signing. */
export const UPDATES_REVIEWER: OutsideSignerInvite = {
  email: 'cfo@lakeside.example',
  firstName: 'Casey',
  lastName: 'Fowler',
  stepId: 'review-&-submit-updates',
};

/**
 * Staff invite an outside signer to the client; the action id of the e-mailed link (read from the app's
 * e-mail records once the projection has it) and the signer's own client, its CSRF token taken.
 */
export async function inviteOutsideSigner(
  portal: SeededApp<'staff'>,
  clientId: string,
  invitee: OutsideSignerInvite,
) {
  const invite = await portal.staff.post(`/api/clients/${clientId}/outside-signer`, invitee);
  expect(invite.status).toBe(201);
  const body = await eventually(async () => {
    const r = await portal.app.pool.query<{ body: string }>('select body from rm_emails where id = $1', [
      invite.body.emailId,
    ]);
    expect(r.rows).toHaveLength(1);
    return r.rows[0]!.body;
  });
  const signer = apiClient(portal.app.url);
  await signer.get('/api/auth/csrf');
  return { actionId: /\/client\/[^/]+\/outside-signer\/(\S+)/.exec(body)![1]!, signer };
}
