import type { PDFDocument } from 'pdf-lib';

/** Seals a composed pack: the carrier's digital signature over every byte of the file (PAdES). */
export type CarrierSeal = (
  pack: PDFDocument,
  options: { reason: string; signingTime: Date },
) => Promise<Uint8Array>;

/**
 * The port through which the evidence pack is sealed with the carrier's signing certificate; the adapter
 * (the certificate, its key and the CMS signature) is the platform's.
 */
export interface EvidenceSealer {
  /** The carrier's seal as configured now, or null when no signing certificate is configured. */
  carrierSeal(): Promise<CarrierSeal | null>;
}
