import crypto from 'node:crypto';

/**
 * The digests of the MT5 Web API handshake (MT5-WEBAPI.md "Authentication"). MD5 is the protocol's
 * choice, not ours; every digest is concatenated as raw bytes, never as hex text.
 */

const HEX_128 = /^[0-9a-f]{32}$/i;

function md5(...parts: Buffer[]): Buffer {
  const h = crypto.createHash('md5');
  for (const p of parts) h.update(p);
  return h.digest();
}

/** MD5 of the password as UTF-16LE: the first step of the password hash (exported for the vectors). */
export function passwordDigest(password: string): Buffer {
  return md5(Buffer.from(password, 'utf16le'));
}

/** pwHash = MD5( MD5(utf16le(password)) || "WebAPI" ). The client keeps this, never the password. */
export function passwordHash(password: string): Buffer {
  return md5(passwordDigest(password), Buffer.from('WebAPI', 'ascii'));
}

/** hex( MD5( pwHash || hexDecode(rand) ) ): both srv_rand_answer and the expected cli_rand_answer. */
export function randAnswer(pwHash: Buffer, randHex: string): string {
  if (!HEX_128.test(randHex)) throw new Error('A handshake random must be 32 hex digits');
  return md5(pwHash, Buffer.from(randHex, 'hex')).toString('hex');
}

/** 16 fresh random bytes as hex: the challenge the server must answer to prove it is genuine. */
export function newCliRand(): string {
  return crypto.randomBytes(16).toString('hex');
}

export function isHandshakeRandom(value: unknown): value is string {
  return typeof value === 'string' && HEX_128.test(value);
}

/** Constant-time check of the server's cli_rand_answer, so a probe learns nothing from timing. */
export function isGenuineAnswer(pwHash: Buffer, cliRand: string, answer: unknown): boolean {
  if (!isHandshakeRandom(answer)) return false;
  const expected = Buffer.from(randAnswer(pwHash, cliRand), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(answer, 'hex'));
}
