import { z } from 'zod';
import { ExplorerDocument, ExplorerPlan, ExplorerSiteAttributes } from '@onboard/events/catalogue/explorer';

/**
 * Shapes only: the rules (explorer §5) are the domain's. Required text is taken as possibly empty here so
 * that a blank name answers with the spec's message rather than zod's.
 */
const Loose = z
  .string()
  .nullable()
  .default(null)
  .transform((v) => v ?? '');

export const ExplorerSiteBody = ExplorerSiteAttributes.extend({
  name: Loose,
  language: Loose,
  planYear: Loose,
  employerState: Loose,
  medicalVideo: Loose,
  policies: z.array(z.string()).default([]),
  pageOwner: z.string().min(1).optional(),
  benefits: z.array(ExplorerPlan).default([]),
});
export type ExplorerSiteBody = z.infer<typeof ExplorerSiteBody>;

export const RenewExplorerSiteBody = z.object({
  startsAt: z.string().nullable().default(null),
  expiresAt: z.string().nullable().default(null),
  planYear: Loose,
  vanitySlug: z.string().nullable().default(null),
});

export const AttachDocumentBody = ExplorerDocument;

export const LeadBody = z.object({
  explorerPageId: z.string().nullable().default(null),
  email: z.string().nullable().optional(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  externalUser: z.string().nullable().optional(),
  employerName: z.string().nullable().optional(),
  brokerName: z.string().nullable().optional(),
});
