import { summaryDocumentsByBenefitType, type BenefitType } from '@onboard/domain';
import type { RouteHandler } from '@onboard/api-contract/express';
import { manyOf, type associationSummaryDocuments } from './routes.contract.ts';
import type { DocumentQueries } from './context.ts';

/**
 * The summary documents of an association's sites per benefit type (explorer §7, onboarding §5: at most
 * 15 per type, one per document key, newest site first).
 */
export const summaryDocuments =
  ({ requireStaff, associationSites }: DocumentQueries): RouteHandler<typeof associationSummaryDocuments> =>
  async (req, res, input) => {
    await requireStaff(req);
    const wanted = new Set(manyOf(input.query() as Record<string, unknown>, 'benefitTypes'));
    const sites = await associationSites(String(req.params.clientId), String(req.params.associationId));
    const documents = sites.flatMap((site) =>
      (site.documents ?? [])
        .filter((d) => d.benefitType !== null && (wanted.size === 0 || wanted.has(d.benefitType)))
        .map((d) => ({
          documentId: d.documentId,
          documentKey: d.documentKey,
          name: d.name,
          benefitType: d.benefitType as BenefitType,
          language: d.language,
          explorerPageId: site.explorer_page_id,
        })),
    );
    res.json(summaryDocumentsByBenefitType(documents));
  };
