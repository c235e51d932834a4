import { clientViewAnswer } from '@onboard/api-contract/views';
import {
  NotFoundError,
  companyInformationEditState,
  toClientView,
  SIGNED_SECTIONS,
  answersInWords,
  orderSections,
  sectionLabel,
  allSignatures,
  dueConfirmations,
} from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { withPeople } from '@onboard/api-contract/people';
import type { getOutsideSignerReview } from '../outside-signer.contract.ts';
import { readSignatures, readSignedFacts } from '../signatures.ts';
import type { OutsideSigners } from './context.ts';

/** What the outside signer reviews: the form, the sections to sign, the changes to confirm. */
export const review =
  (signers: OutsideSigners): RouteHandler<typeof getOutsideSignerReview> =>
  async (req, res) => {
    const { deps, resolveRequest, readForm } = signers;
    const { clientId, row } = await resolveRequest(req, 'read');
    const { state, revision } = await readForm(clientId);
    const view = toClientView(state, revision);
    if (!view) throw new NotFoundError('Client not found');
    const client = clientViewAnswer(await withPeople(deps.pool, view));
    const facts = await readSignedFacts(deps.store, clientId);
    const signatures = await readSignatures(deps.store, clientId);
    const signerId = `outside-signer:${row.email}`;
    const toConfirm = dueConfirmations(facts, signatures)
      .filter((d) => d.signature.by.userId === signerId)
      .flatMap((d) => d.answers);
    res.json({
      signer: { firstName: row.first_name, lastName: row.last_name, email: row.email, stepId: row.step_id },
      signing: {
        sections: orderSections(row.sections ?? SIGNED_SECTIONS).map(sectionLabel),
        hasSigned: allSignatures(facts, signatures).some((s) => s.by.userId === signerId),
        toConfirm: answersInWords(toConfirm, view),
      },
      client,
      editState:
        state.status === 'empty'
          ? 'no-edits'
          : companyInformationEditState(
              state.stamps,
              state.pending.map((c) => c.at),
            ),
    });
  };
