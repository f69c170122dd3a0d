import crypto from 'node:crypto';

/** Whether a staff session would still be accepted (auth/sessions.ts isLive). */
export type SessionLive = (sessionId: string) => Promise<boolean>;

/** The query of a signed link: expiry, the session it is bound to, signature. */
export type SignedQuery = { exp?: number; s?: string; sig?: string };

/**
 * Short-lived links that work without the bearer header (a document opened in a new tab): the path, an
 * expiry and the staff session that asked for the link are signed with a key derived from the server
 * secret. open() accepts a link only while that session lives, so logging out ends its links too.
 */
export class LinkSigner {
  private readonly key: Buffer;

  constructor(
    secret: Uint8Array,
    private readonly now: () => number,
    private readonly sessionLive: SessionLive = async () => false,
  ) {
    this.key = crypto.createHmac('sha256', secret).update('signed-links').digest();
  }

  sign(path: string, ttlSeconds = 300, session?: string): string {
    const exp = this.now() + ttlSeconds;
    const s = session ? `&s=${session}` : '';
    return `${path}?exp=${exp}${s}&sig=${this.signature(path, exp, session)}`;
  }

  /** The signature and expiry only (tests); routes use open(), which also needs a live session. */
  verify(path: string, exp: number, sig: string, session?: string): boolean {
    if (!Number.isInteger(exp) || exp < this.now()) return false;
    const expected = Buffer.from(this.signature(path, exp, session));
    const given = Buffer.from(sig);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  }

  /** A link for `path` that opens: signed, unexpired, and bound to a session that is still live. */
  async open(path: string, q: SignedQuery): Promise<boolean> {
    if (q.exp === undefined || !q.sig || !q.s) return false;
    return this.verify(path, q.exp, q.sig, q.s) && (await this.sessionLive(q.s));
  }

  private signature(path: string, exp: number, session: string | undefined): string {
    const bound = session === undefined ? '' : `|${session}`;
    return crypto.createHmac('sha256', this.key).update(`${path}|${exp}${bound}`).digest('base64url');
  }
}
