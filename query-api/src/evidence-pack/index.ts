export { evidencePackRoutes, evidencePackFilename, type EvidencePackRouteDeps } from './routes.ts';
export { verifyEvidencePack, type EvidenceCheck, type EvidenceVerification } from './verify.ts';
export type { EvidenceSealer, CarrierSeal } from './sealer.ts';
export { composeEvidencePack } from './build.ts';
export type { SignedFormEvidence, SignatureAuditEntry, SignedFormsProvider } from './types.ts';
export { certificateFingerprint, certificatePem, certificatesFromFile, type SignerTrust } from './trust.ts';
