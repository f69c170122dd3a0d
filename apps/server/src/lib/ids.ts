import crypto from 'node:crypto';

/** A 24-hex id: 4 bytes of seconds then 8 random bytes, so ids sort roughly by creation time. */
export function newId(nowSeconds = Math.floor(Date.now() / 1000)): string {
  const buf = Buffer.alloc(12);
  buf.writeUInt32BE(nowSeconds >>> 0, 0);
  crypto.randomBytes(8).copy(buf, 4);
  return buf.toString('hex');
}

/** A random secret for links and tickets: 256 bits, URL-safe. */
export function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
