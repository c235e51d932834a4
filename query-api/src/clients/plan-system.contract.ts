import { z } from 'zod';
import { errors, json, problem, routeFamily } from '@onboard/api-contract';
import { TICKET_ID_MESSAGE, TICKET_ID_PATTERN } from '@onboard/domain';

/** What staff read of a client in the ticket and plan systems. */
const staffRoute = routeFamily({ tag: 'clients', responses: errors.notStaff });

export const TicketParams = z.object({
  ticketId: z.string().regex(TICKET_ID_PATTERN, TICKET_ID_MESSAGE),
});

export const TicketInfo = z
  .object({
    ticketId: z.string(),
    clientName: z.string(),
    implementationType: z.string(),
    implementationConsultantEmail: z.string().nullable(),
    policyNumbers: z.array(z.string()),
  })
  .meta({ id: 'TicketInfo' });

export const getTicketInfo = staffRoute('GET /api/clients/ticket/{ticketId}/info', {
  summary: 'An implementation ticket as the ticket system tells it (staff)',
  request: { params: TicketParams },
  responses: {
    200: json(TicketInfo, 'The client name, implementation type, consultant and policy numbers'),
    400: problem('Not a ticket id (params.ticketId)'),
    404: problem('The ticket system has no such ticket'),
  },
});

export const PlanSystemClient = z
  .object({
    caseId: z.string(),
    name: z.string(),
    policies: z.array(
      z.object({
        policyNumber: z.string(),
        coverages: z.array(z.string()),
        effectiveDate: z.string().nullable(),
        benefitTypes: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'PlanSystemClient' });

export const PlanSystemComparison = z
  .object({
    inSync: z.boolean(),
    client: z.array(z.string()).meta({ description: 'Differences of the client itself, in words' }),
    policies: z.array(
      z.object({
        policyNumber: z.string(),
        policyId: z.string().nullable(),
        status: z.enum(['same', 'different', 'only-in-plan-system', 'only-in-eif']),
        differences: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'PlanSystemComparison' });

export const getClientFromQps = staffRoute('GET /api/clients/{clientId}/client-from-qps', {
  summary: 'The plan system’s view of the client, found by its policy numbers, compared with its EIF (staff)',
  request: { params: z.object({ clientId: z.string().min(1) }) },
  responses: {
    200: json(
      z.object({
        clientId: z.string(),
        version: z.number().int().meta({ description: 'The EIF version compared (If-Match for an import)' }),
        planSystem: PlanSystemClient,
        comparison: PlanSystemComparison,
      }),
      'The plan system’s view and what differs, per policy, in words',
    ),
    404: problem('No such client, or the plan system has no case for its policy numbers'),
  },
});
