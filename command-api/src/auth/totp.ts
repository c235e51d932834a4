import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** TOTP per RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30-second steps. */
const TOTP_ISSUER = 'Onboard';
const STEP_SECONDS = 30;

export const newTotpSecret = () => generateSecret();

export const otpauthUri = (email: string, secret: string) =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret, period: STEP_SECONDS });

export const qrCodeDataUri = (uri: string) => QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2 });

/**
 * One step either side is accepted, for phone clocks that drift and codes typed at the turn of a step.
 * Answers the RFC 6238 time step the code matched (null when it matches none): a code is single-use per
 * step per user (RFC 6238 §5.2), which the caller enforces durably (`claimTotpStep`).
 */
export async function verifyTotp(secret: string, passCode: string, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(passCode)) return null;
  try {
    const result = await verify({
      secret,
      token: passCode,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: STEP_SECONDS,
    });
    if (!result.valid) return null;
    // The generic verify may be HOTP's type; a TOTP match carries its step (or the step's start).
    const match = result as { timeStep?: number; epoch?: number; delta: number };
    return match.timeStep ?? Math.floor(Math.floor(now.getTime() / 1000) / STEP_SECONDS) + match.delta;
  } catch {
    return null;
  }
}
