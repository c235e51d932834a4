import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** TOTP per RFC 6238 with the authenticator apps' defaults: SHA-1, 6 digits, 30-second steps. */
export const TOTP_ISSUER = 'Onboard';
const STEP_SECONDS = 30;

export const newTotpSecret = () => generateSecret();

export const otpauthUri = (email: string, secret: string) =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret, period: STEP_SECONDS });

export const qrCodeDataUri = (uri: string) => QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2 });

/**
 * One step either side is accepted, for phone clocks that drift and codes typed at the turn of a step.
 * Guessing is bounded by the lock-out (five failures), not by refusing reuse inside the window.
 */
export async function verifyTotp(secret: string, passCode: string, now: Date): Promise<boolean> {
  if (!/^\d{6}$/.test(passCode)) return false;
  try {
    const result = await verify({
      secret,
      token: passCode,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: STEP_SECONDS,
    });
    return result.valid;
  } catch {
    return false;
  }
}
