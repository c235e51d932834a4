import { DEMO_USERS } from '../seed.ts';
import { demoTotpCode } from '../demo-totp.ts';

/**
 * `npm run demo-code -- owner@onboard.example`: a demo user's current authenticator code, for trying the
 * embedded default without an authenticator app (the demo users come enrolled with a printed secret).
 */
const email = (process.argv[2] ?? '').trim().toLowerCase();
const user = DEMO_USERS.find((u) => u.email === email);
if (!user) {
  console.error(`Usage: npm run demo-code -- <e-mail>, one of: ${DEMO_USERS.map((u) => u.email).join(', ')}`);
  process.exit(1);
}
console.log(await demoTotpCode(user.email));
