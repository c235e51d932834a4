export { evidencePackRoutes, evidencePackFilename, type EvidencePackRouteDeps } from './routes.ts';
export { verifyEvidencePack, type EvidenceCheck, type EvidenceVerification } from './verify.ts';
export { sealPdf, selfSignedCarrierCertificate, certificateName, type CarrierCertificate } from './seal.ts';
export type { SignedFormEvidence, SignatureAuditEntry, SignedFormsProvider } from './types.ts';
