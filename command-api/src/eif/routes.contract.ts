import { z } from 'zod';
import { errors, json, pathParams, problem, routeFamily } from '@onboard/api-contract';
import { ClientView } from '@onboard/api-contract/views';

/** The EIF lifecycle writes. */
const eifRoute = routeFamily({ tag: 'eif' });

const ChangeSelection = z.union([
  z.literal('all'),
  z.array(z.string().min(1)).min(1, 'Choose at least one change'),
]);

/** One answer of the form, decided on its own: an attribute of an entity. */
const AnswerRef = z
  .object({ entity: z.string().min(1), entityId: z.string().min(1), attributeKey: z.string().min(1) })
  .strict();

/**
 * What a reviewer decides: whole changes (by id, or all), answers (each the pending changes of that
 * answer), or both; at least one of them.
 */
export const ChangeChoice = z.object({
  changeIds: ChangeSelection.optional(),
  answers: z.array(AnswerRef).min(1, 'Choose at least one answer').optional(),
});

const chooseSomething = (body: { changeIds?: unknown; answers?: unknown }, ctx: z.RefinementCtx) => {
  if (body.changeIds === undefined && body.answers === undefined)
    ctx.addIssue({ code: 'custom', path: ['changeIds'], message: 'Choose at least one change' });
};

export const AcceptBody = ChangeChoice.strict().superRefine(chooseSomething);
export const DeclineBody = ChangeChoice.extend({
  reason: z.string().trim().min(1, 'Please provide a reason for declining'),
})
  .strict()
  .superRefine(chooseSomething);
export const SignerSettingBody = z
  .object({
    authorizedSignerUserId: z.string().min(1).nullable(),
    brokerAsAuthorizedSigner: z.boolean(),
  })
  .strict();

const params = pathParams('clientId');

/** The EIF lifecycle commands (onboarding §4): each answers the client after the command. */
const lifecycle = <const P extends string, const B extends z.ZodType | undefined = undefined>(
  path: P,
  summary: string,
  body?: B,
) =>
  eifRoute(`POST /api/clients/{clientId}${path}`, {
    summary,
    isVersioned: true,
    request: { params, body: body as B },
    responses: {
      200: json(ClientView, 'The client after the command'),
      ...errors.noClient,
      422: problem('Refused by the EIF rules'),
    },
  });

export const signEif = lifecycle(
  '/eif/sign',
  'Sign the EIF: the named authorized signer, the broker when brokerAsAuthorizedSigner, else any ben-admin',
);
export const setAuthorizedSigner = eifRoute('PUT /api/clients/{clientId}/eif/authorized-signer', {
  summary: 'Name who signs the EIF (staff)',
  isVersioned: true,
  request: { params, body: SignerSettingBody },
  responses: {
    200: json(ClientView, 'The client with its signer setting'),
    400: problem('Not one of the client’s ben-admins'),
    ...errors.notStaff,
    ...errors.noClient,
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

/** What a confirmation answers: how many accepted answers the signer confirmed. */
export const ConfirmedChanges = z.object({
  confirmed: z.number().int().meta({ description: 'Accepted answers confirmed' }),
});

export const confirmChanges = eifRoute('POST /api/clients/{clientId}/eif/confirmations', {
  summary: 'Confirm, as a signer, the accepted changes of the sections you signed',
  request: { params },
  responses: {
    200: json(ConfirmedChanges, 'Confirmed'),
    400: problem('Nothing to confirm'),
    ...errors.noClient,
  },
});
