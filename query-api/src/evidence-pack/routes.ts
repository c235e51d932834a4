import { Router, type Request } from 'express';
import {
  AppError,
  ForbiddenError,
  NotFoundError,
  isInternal,
  contentDisposition,
  safeFilename,
} from '@onboard/domain';
import { mount } from '@onboard/api-contract/express';
import { requireActor, type Authenticate } from '../http/context.ts';
import { gatherEvidencePack, type EvidencePackDeps } from './build.ts';
import { getEvidencePack } from './routes.contract.ts';
import type { EvidenceSealer } from './sealer.ts';

export type EvidencePackRouteDeps = EvidencePackDeps & {
  authenticate: Authenticate;
  /** Seals the pack with the carrier's signing certificate (the platform's adapter). */
  sealer: EvidenceSealer;
};

export const evidencePackFilename = (clientName: string) => safeFilename(`Evidence pack - ${clientName}.pdf`);

/** GET /api/clients/{clientId}/evidence-pack: staff (admin and owner) download the sealed pack. */
export function evidencePackRoutes(deps: EvidencePackRouteDeps, now: () => Date = () => new Date()): Router {
  const router = Router();
  mount(router, getEvidencePack, async (req: Request, res) => {
    const actor = await requireActor(deps.authenticate, req);
    if (!isInternal(actor)) throw new ForbiddenError('Evidence packs are for internal staff');
    const clientId = String(req.params.clientId);
    const seal = await deps.sealer.carrierSeal();
    if (!seal)
      throw new AppError(
        503,
        'NO_CARRIER_CERTIFICATE',
        'Evidence packs need the carrier’s signing certificate (ONBOARD_EVIDENCE_CERT_P12)',
      );
    const at = now();
    const gathered = await gatherEvidencePack(deps, clientId, at);
    if (!gathered) throw new NotFoundError('Client not found');
    const pdf = await seal(gathered.doc, {
      reason: `Evidence pack of ${gathered.clientName}`,
      signingTime: at,
    });
    res.set({
      'content-type': 'application/pdf',
      'content-disposition': contentDisposition(evidencePackFilename(gathered.clientName)),
      'cache-control': 'no-store',
    });
    res.send(Buffer.from(pdf));
  });
  return router;
}
