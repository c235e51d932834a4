import { WrongExpectedRevisionError, handleCommand } from '@onboard/events';
import { explorerLeadStream } from '@onboard/events/catalogue/explorer';
import { ConflictError, leadDecider, validateLead } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { addressOf } from '../http/throttle.ts';
import { bodyFieldErrors } from '../http/validate.ts';
import type { sendLead } from './routes.contract.ts';
import { VISITOR, metadataOf, type ExplorerSites } from './context.ts';

/** Anonymous (explorer §7): any visitor of a public page may send the lead form. */
export const sendLeadForm =
  ({ deps }: ExplorerSites): RouteHandler<typeof sendLead> =>
  async (req, res, input) => {
    await deps.throttle.consume(res, ['explorerWriteAddress', addressOf(req)]);
    const body = input.body();
    const errors = validateLead(body);
    if (Object.values(errors).some((m) => m !== undefined)) throw bodyFieldErrors(errors);
    const leadId = deps.newId();
    const trim = (v: string | null | undefined) => (v ?? '').trim();
    const at = deps.now().toISOString();
    const lead = {
      leadId,
      explorerPageId: body.explorerPageId,
      email: trim(body.email),
      firstName: trim(body.firstName),
      lastName: trim(body.lastName),
      city: trim(body.city),
      state: trim(body.state),
      phone: trim(body.phone),
      // validateLead checked it is one of the two.
      externalUser: body.externalUser as 'employer' | 'broker',
      employerName: trim(body.employerName),
      brokerName: body.externalUser === 'broker' ? trim(body.brokerName) : null,
      at,
    };
    try {
      await handleCommand(deps.store, leadDecider, {
        stream: explorerLeadStream(leadId),
        appendAt: 'no_stream',
        newId: deps.newId,
        command: { type: 'SubmitLead', data: lead, metadata: { at, by: VISITOR } },
        metadata: metadataOf(VISITOR, at, deps.newId()),
      });
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) throw new ConflictError();
      throw error;
    }
    res.status(201).json({ leadId, status: 'SENT' });
  };
