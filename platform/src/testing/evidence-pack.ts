import { signedFormForTest } from '@onboard/query-api/evidence-pack/testing';
import { selfSignedCarrierCertificate } from '../evidence-pack/seal.ts';

/** A self-signed carrier certificate valid from now, as the embedded default makes one. */
export const testCarrierCertificate = (commonName: string, password: string) =>
  selfSignedCarrierCertificate({ commonName, password, now: new Date() });

/**
 * The two signed onboarding forms of the demo client's evidence pack: the group application signed by the
 * benefits administrator at `groupApplicationAt`, the HIPAA authorization by the broker at `hipaaAt`.
 */
export const signedDemoFormsForTest = async (groupApplicationAt: string, hipaaAt: string) => [
  await signedFormForTest(
    'Group application',
    { name: 'Ben Adler', email: 'benadmin@onboard.example' },
    groupApplicationAt,
  ),
  await signedFormForTest(
    'HIPAA authorization',
    { name: 'Bianca Brooks', email: 'broker@onboard.example' },
    hipaaAt,
  ),
];
