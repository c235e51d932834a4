export { evidencePackRoutes, evidencePackFilename, type EvidencePackRouteDeps } from './routes.ts';
export { verifyEvidencePack, type EvidenceCheck, type EvidenceVerification } from './verify.ts';
export {
  sealPdf,
  selfSignedCarrierCertificate,
  certificateName,
  carrierCertificatePem,
  type CarrierCertificate,
} from './seal.ts';
export type { SignedFormEvidence, SignatureAuditEntry, SignedFormsProvider } from './types.ts';
export { certificateFingerprint, certificatePem, certificatesFromFile, type SignerTrust } from './trust.ts';
