import { createHash } from 'node:crypto';
import { generate } from 'otplib';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/**
 * The authenticator secret a demo user of the embedded default comes enrolled with (ONBOARD_DEMO_TOTP):
 * derived from the e-mail, so `npm start` can print it and `npm run demo-code` can answer without the
 * database. Published on purpose, which is why the distributed topology refuses the setting.
 */
export function demoTotpSecret(email: string): string {
  return base32(
    createHash('sha256').update(`onboard-demo-totp:${email.toLowerCase()}`).digest().subarray(0, 20),
  );
}

/** The demo user's current six-digit code, as their authenticator app would show it. */
export function demoTotpCode(email: string): Promise<string> {
  return generate({ secret: demoTotpSecret(email) });
}
