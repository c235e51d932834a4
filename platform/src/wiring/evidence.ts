import { evidencePackRoutes } from '@onboard/query-api/evidence-pack';
import { completedFormsForEvidence } from '@onboard/query-api/onboarding-forms/evidence';
import { carrierCertificateSource } from '../evidence-pack/carrier-certificate.ts';
import { carrierSealer } from '../evidence-pack/seal.ts';
import type { Wiring } from './context.ts';

/** The evidence pack of a client's onboarding, sealed with the carrier's certificate. */
export function wireEvidence(w: Wiring) {
  const { app, has, config, store, snapshots, pool, documents, identity, now } = w;
  if (!has('query-api')) return;
  app.use(
    evidencePackRoutes(
      {
        // The chain covers the events as kept: sealed values as their ciphertexts, which an erasure leaves.
        store: store.raw,
        snapshots,
        authenticate: identity.authenticate,
        sealer: carrierSealer(carrierCertificateSource(config.evidenceCertificate, now)),
        signedForms: (clientId) => completedFormsForEvidence({ pool, documents }, clientId),
      },
      now,
    ),
  );
}
