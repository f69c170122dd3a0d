import crypto from 'node:crypto';

/**
 * The fake's own reading of the wire format, written apart from the client's code on purpose: a
 * mistake in the client's escaping or hashing then shows up as a failed exchange, not as a match.
 */

/** Splits a raw query string, URL-decodes each value, then removes the MT5 backslash escapes. */
export function parseQuery(search: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq));
    const raw = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1));
    let value = '';
    for (let i = 0; i < raw.length; i++) {
      const c = raw[i]!;
      // A backslash makes the next character literal.
      if (c === '\\' && i + 1 < raw.length) value += raw[++i];
      else value += c;
    }
    out.set(key, value);
  }
  return out;
}

function md5(...parts: Buffer[]): Buffer {
  return parts.reduce((h, p) => h.update(p), crypto.createHash('md5')).digest();
}

/** The documented handshake digest for a password and a 16-byte random given as hex. */
export function handshakeAnswer(password: string, randHex: string): string {
  const pwHash = md5(md5(Buffer.from(password, 'utf16le')), Buffer.from('WebAPI'));
  return md5(pwHash, Buffer.from(randHex, 'hex')).toString('hex');
}

export function randomHex16(): string {
  return crypto.randomBytes(16).toString('hex');
}

/** Money as MT5 prints it: a string with two decimals. */
export function money(n: number): string {
  return n.toFixed(2);
}
