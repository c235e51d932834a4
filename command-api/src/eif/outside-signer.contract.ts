import { z } from 'zod';
import { errors, json, pathParams, problem, routeFamily } from '@onboard/api-contract';
import { ClientView, concurrentWrite } from '@onboard/api-contract/views';
import { ChangeChoice, ConfirmedChanges } from './routes.contract.ts';
import { OUTSIDE_SIGNER_STEPS, type EifStepId, SIGNED_SECTIONS, emailMessage } from '@onboard/domain';

export const InviteOutsideSignerBody = z
  .object({
    // The e-mail messages of explorer §5, as for every address the portal e-mails.
    email: z
      .string()
      .trim()
      .superRefine((value, ctx) => {
        const message = emailMessage(value);
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
    firstName: z.string().trim().min(1, 'Please provide a response'),
    lastName: z.string().trim().min(1, 'Please provide a response'),
    stepId: z.enum(OUTSIDE_SIGNER_STEPS).default('review-&-submit'),
    // The sections of the form the outside signer attests (signing only); every section when left out.
    sections: z
      .array(z.enum(SIGNED_SECTIONS as [EifStepId, ...EifStepId[]]))
      .min(1, 'Choose at least one section of the form')
      .optional(),
  })
  .strict();
/**
 * The outside signer decides all the updates, or some by the answer (`ChangeChoice`); without a choice,
 * all of them.
 */
export const AcceptUpdatesBody = ChangeChoice.strict().optional();
export const DeclineUpdatesBody = ChangeChoice.extend({
  reason: z.string().trim().min(1, 'Please provide a reason for declining'),
}).strict();

/** The outside signer's calls. */
const signerRoute = routeFamily({ tag: 'eif' });

export const inviteOutsideSigner = signerRoute('POST /api/clients/{clientId}/outside-signer', {
  summary: 'Invite an outside signer by e-mail',
  request: { params: pathParams('clientId'), body: InviteOutsideSignerBody },
  responses: {
    201: json(z.object({ emailId: z.string(), email: z.string(), stepId: z.string() }), 'Invited'),
    ...errors.notYours,
    ...errors.noClient,
    422: problem('Refused by the signing rules'),
  },
});

const actionParams = z.object({ clientId: z.string().min(1), actionId: z.string().min(1) });

export const getOutsideSignerReview = signerRoute('GET /api/outside-signer/{clientId}/{actionId}', {
  summary: 'What the outside signer reviews',
  isSignedIn: false,
  request: { params: actionParams },
  responses: {
    200: json(
      z.object({
        signer: z.object({
          firstName: z.string(),
          lastName: z.string(),
          email: z.string(),
          stepId: z.string(),
        }),
        client: ClientView,
        signing: z
          .object({
            sections: z.array(z.string()).meta({ description: 'The sections the link signs, in words' }),
            hasSigned: z.boolean().meta({ description: 'Whether this signer signed the form already' }),
            toConfirm: z
              .array(
                z.object({
                  answerId: z.string(),
                  section: z.string(),
                  entity: z.string(),
                  question: z.string(),
                  before: z.string(),
                  after: z.string(),
                }),
              )
              .meta({ description: 'Accepted changes of their sections the signer has still to confirm' }),
          })
          .meta({ description: 'What the link signs, and what its signer has to confirm' }),
        editState: z.enum([
          'no-edits',
          'changes-accepted',
          'changes-declined-no-new-edits',
          'ready-for-review',
        ]),
      }),
      'The form and the signer',
    ),
    403: problem('Not allowed by the link'),
    404: problem('Expired, used or unknown link'),
  },
});

const signerAction = <const P extends string, const B extends z.ZodType | undefined = undefined>(
  path: P,
  summary: string,
  body?: B,
) =>
  signerRoute(`POST /api/outside-signer/{clientId}/{actionId}/${path}`, {
    summary,
    isSignedIn: false,
    request: { params: actionParams, body: body as B },
    responses: {
      200: json(z.object({ client: ClientView }), 'The client after the command'),
      404: problem('Expired, used or unknown link, or another step'),
      409: concurrentWrite,
      422: problem('Refused by the EIF rules'),
    },
  });

export const outsideSignerSign = signerAction(
  'sign',
  'Sign the EIF as the outside signer (the sections invited to sign; on a signed form, a countersignature)',
);
export const outsideSignerConfirmChanges = signerRoute(
  'POST /api/outside-signer/{clientId}/{actionId}/confirm-changes',
  {
    summary: 'Confirm the accepted changes of the sections the outside signer signed',
    isSignedIn: false,
    request: { params: actionParams },
    responses: {
      200: json(ConfirmedChanges, 'Confirmed'),
      400: problem('Nothing to confirm'),
      404: problem('Expired, used or unknown link, or another step'),
    },
  },
);
export const outsideSignerAcceptUpdates = signerAction(
  'accept-updates',
  'Accept the updates made after signing (all, or the answers chosen)',
  AcceptUpdatesBody,
);
export const outsideSignerDeclineUpdates = signerAction(
  'decline-updates',
  'Decline the updates made after signing (all, or the answers chosen), with a reason',
  DeclineUpdatesBody,
);
