import { z } from 'zod';
import { defineRoute, json, problem } from '@onboard/api-contract';
import { ClientView } from '@onboard/api-contract/views';

const ChangeSelection = z.union([
  z.literal('all'),
  z.array(z.string().min(1)).min(1, 'Choose at least one change'),
]);
export const AcceptBody = z.object({ changeIds: ChangeSelection }).strict();
export const DeclineBody = z
  .object({
    changeIds: ChangeSelection,
    reason: z.string().trim().min(1, 'Please provide a reason for declining'),
  })
  .strict();
export const SignerSettingBody = z
  .object({
    authorizedSignerUserId: z.string().min(1).nullable(),
    brokerAsAuthorizedSigner: z.boolean(),
  })
  .strict();

const params = z.object({ clientId: z.string().min(1) });

/** The EIF lifecycle commands (onboarding §4): each answers the client after the command. */
const lifecycle = <const P extends string, const B extends z.ZodType | undefined = undefined>(
  path: P,
  summary: string,
  body?: B,
) =>
  defineRoute({
    method: 'post',
    path: `/api/clients/{clientId}${path}`,
    tag: 'eif',
    summary,
    isVersioned: true,
    request: { params, body: body as B },
    responses: {
      200: json(ClientView, 'The client after the command'),
      404: problem('No such client'),
      422: problem('Refused by the EIF rules'),
    },
  });

export const signEif = lifecycle(
  '/eif/sign',
  'Sign the EIF: the named authorized signer, the broker when brokerAsAuthorizedSigner, else any ben-admin',
);
export const setAuthorizedSigner = defineRoute({
  method: 'put',
  path: '/api/clients/{clientId}/eif/authorized-signer',
  tag: 'eif',
  summary: 'Name who signs the EIF (staff)',
  isVersioned: true,
  request: { params, body: SignerSettingBody },
  responses: {
    200: json(ClientView, 'The client with its signer setting'),
    400: problem('Not one of the client’s ben-admins'),
    403: problem('Not staff'),
    404: problem('No such client'),
    422: problem('Already signed'),
  },
});
export const markChangesReadyForReview = lifecycle(
  '/eif/changes/ready-for-review',
  'Mark post-sign changes ready for review',
);
export const acceptChanges = lifecycle('/eif/changes/accept', 'Accept pending changes (staff)', AcceptBody);
export const declineChanges = lifecycle(
  '/eif/changes/decline',
  'Decline pending changes with a reason (staff)',
  DeclineBody,
);
export const undoIcEdits = lifecycle('/undo-ic-edits', 'Undo the implementation consultant’s edits (staff)');
