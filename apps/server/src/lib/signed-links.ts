import crypto from 'node:crypto';

/**
 * Short-lived links that work without the bearer header (a document opened in a new tab): the path and
 * an expiry are signed with a key derived from the server secret.
 */
export class LinkSigner {
  private readonly key: Buffer;

  constructor(
    secret: Uint8Array,
    private readonly now: () => number,
  ) {
    this.key = crypto.createHmac('sha256', secret).update('signed-links').digest();
  }

  sign(path: string, ttlSeconds = 300): string {
    const exp = this.now() + ttlSeconds;
    return `${path}?exp=${exp}&sig=${this.signature(path, exp)}`;
  }

  verify(path: string, exp: number, sig: string): boolean {
    if (!Number.isInteger(exp) || exp < this.now()) return false;
    const expected = Buffer.from(this.signature(path, exp));
    const given = Buffer.from(sig);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  }

  private signature(path: string, exp: number): string {
    return crypto.createHmac('sha256', this.key).update(`${path}|${exp}`).digest('base64url');
  }
}
