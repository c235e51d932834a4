import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * One structured logger. Secrets never reach it: headers with cookies, and any field that could hold a
 * password, passcode or token, are censored wherever they appear (two levels deep).
 */
const SECRET_FIELDS = [
  'password',
  'passCode',
  'token',
  'accessToken',
  'refreshToken',
  'sessionToken',
  'stateToken',
  'sharedSecret',
  'totpSecret',
  'passwordHash',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((f) => `*.${f}`),
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
export type { Logger };
