import { z } from 'zod';
import { errors, json, pathParams, problem, routeFamily } from '@onboard/api-contract';

/** The client calls that go through the plan system (staff). */
const clientRoute = routeFamily({
  tag: 'clients',
  params: pathParams('clientId'),
  responses: errors.noClient,
});

/** What an import or a sync wrote: each change in words, and the EIF version after it. */
export const PlanSystemApplied = z
  .object({
    clientId: z.string(),
    version: z.number().int().meta({ description: 'The EIF version now (If-Match for the next write)' }),
    caseId: z.string(),
    changed: z.array(z.string()).meta({ description: 'What changed, in words; empty when nothing did' }),
  })
  .meta({ id: 'PlanSystemApplied' });

export const importFromQps = clientRoute('POST /api/clients/{clientId}/import-from-qps', {
  summary:
    'Apply the plan system’s view to the EIF: case id, policies’ numbers, coverages and effective dates, plans by benefit type (staff)',
  isVersioned: true,
  responses: {
    200: json(PlanSystemApplied, 'What changed (nothing when the EIF already agrees)'),
    404: problem('No such client, or the plan system has no case for its policy numbers'),
  },
});

export const syncWithQps = clientRoute('PUT /api/clients/{clientId}/sync', {
  summary:
    'Re-read the plan system and apply only what it owns: case id, policy numbers and effective dates (staff)',
  isVersioned: true,
  responses: {
    200: json(PlanSystemApplied, 'What changed (possibly nothing)'),
    404: problem('No such client, or the plan system has no case for its policy numbers'),
  },
});

const PlanLine = z.object({
  policyId: z.string(),
  policyNumber: z.string().nullable(),
  benefitType: z.string(),
  coverage: z.string(),
});

export const configurePlans = clientRoute('POST /api/clients/{clientId}/plan-configuration', {
  summary: 'Create the plans the policies’ coverages call for, one per benefit type not yet there (staff)',
  isVersioned: true,
  responses: {
    200: json(
      z.object({
        clientId: z.string(),
        version: z.number().int(),
        created: z.array(PlanLine.extend({ planId: z.string() })),
        present: z.array(PlanLine),
        unknown: z.array(
          z.object({ policyId: z.string(), policyNumber: z.string().nullable(), coverage: z.string() }),
        ),
        changed: z.array(z.string()).meta({ description: 'What was created, in words' }),
      }),
      'The plans created, those already there, and coverages with no known benefit type',
    ),
  },
});

const Person = z.object({ name: z.string(), role: z.string(), email: z.string() });

export const sendClientActivationEmails = clientRoute('POST /api/clients/{clientId}/activation-emails', {
  summary:
    'Send the activation e-mail to each of the client’s brokers and ben-admins not yet activated (staff)',
  responses: {
    200: json(
      z.object({
        sent: z.array(Person),
        skipped: z.array(Person.extend({ reason: z.string() })),
      }),
      'Who was sent the e-mail, and who was skipped and why',
    ),
  },
});
