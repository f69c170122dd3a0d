import pino from 'pino';

/** Structured logs; secrets are redacted wherever they might appear. */
export function createLogger(level: string) {
  return pino({
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.code', '*.token'],
      remove: false,
    },
  });
}
