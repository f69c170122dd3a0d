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

/** Path segments that are secrets: email-confirmation and password-reset link ids. */
const SECRET_IN_PATH = /^(\/(?:email\/confirm(?:\/setpassword)?|resetpassword)\/)[^/?#]+/i;

/** A request URL fit for the log: no link id, and no query value (signed links carry their signature). */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(SECRET_IN_PATH, '$1[redacted]');
  if (q < 0) return path;
  const names = url
    .slice(q + 1)
    .split('&')
    .map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${path}?${names.join('&')}`;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/**
 * Serializers for whatever logger the app is given (app.ts): request lines without link secrets, and
 * @fastify/multipart's busboy options (logged at trace) without the request headers, which hold the
 * bearer token.
 */
export const secretFreeSerializers = {
  req: (req: LoggedRequest) => ({
    method: req.method,
    url: loggableUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
  busboyOptions: (options: Record<string, unknown>) => {
    const { headers: _headers, ...rest } = options;
    return rest;
  },
};
