import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One applicant as the fake provider holds it, keyed by the console's user id (externalUserId). */
export type FakeApplicant = {
  id: string;
  createdAt: string;
  inspectionId: string;
  reviewStatus: string;
  reviewAnswer?: 'GREEN' | 'RED';
  steps: Partial<
    Record<
      'IDENTITY' | 'PROOF_OF_RESIDENCE',
      { idDocType: string; imageIds: number[]; reviewAnswer?: 'GREEN' | 'RED' }
    >
  >;
  /** Image bytes by image id. */
  images: Record<string, { type: string; body: Buffer }>;
};

/**
 * A protocol-level stand-in for a Sumsub-style KYC API on a loopback port: it checks every request's
 * app token and HMAC signature (as the real one does, refusing with 401) and answers the four calls the
 * console makes. `down` makes it answer 500, to prove the console's error path.
 */
export class FakeKycProvider {
  readonly applicants = new Map<string, FakeApplicant>();
  readonly requests: { method: string; path: string }[] = [];
  down = false;
  private server?: http.Server;

  constructor(
    private readonly appToken: string,
    private readonly secretKey: string,
  ) {}

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = req.url ?? '/';
    this.requests.push({ method: req.method ?? '', path });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (this.down) return json(500, { description: 'Internal error', code: 500 });
    if (!this.signedCorrectly(req, path)) return json(401, { description: 'Invalid signature', code: 401 });

    let m = /^\/resources\/applicants\/-;externalUserId=([^/]+)\/one$/.exec(path);
    if (m) {
      const a = this.applicants.get(decodeURIComponent(m[1]!));
      if (!a) return json(404, { description: 'Applicant not found', code: 404 });
      return json(200, {
        id: a.id,
        createdAt: a.createdAt,
        inspectionId: a.inspectionId,
        externalUserId: m[1],
        review: {
          reviewStatus: a.reviewStatus,
          ...(a.reviewAnswer ? { reviewResult: { reviewAnswer: a.reviewAnswer } } : {}),
        },
      });
    }
    m = /^\/resources\/applicants\/([^/]+)\/requiredIdDocsStatus$/.exec(path);
    if (m) {
      const a = this.byApplicantId(m[1]!);
      if (!a) return json(404, { description: 'Applicant not found', code: 404 });
      const step = (k: 'IDENTITY' | 'PROOF_OF_RESIDENCE') => {
        const s = a.steps[k];
        if (!s) return null;
        return {
          idDocType: s.idDocType,
          imageIds: s.imageIds,
          ...(s.reviewAnswer ? { reviewResult: { reviewAnswer: s.reviewAnswer } } : {}),
        };
      };
      return json(200, { IDENTITY: step('IDENTITY'), PROOF_OF_RESIDENCE: step('PROOF_OF_RESIDENCE') });
    }
    m = /^\/resources\/applicants\/([^/]+)\/resources\/([^/]+)$/.exec(path);
    if (m) {
      const img = this.byApplicantId(m[1]!)?.images[m[2]!];
      if (!img) return json(404, { description: 'Image not found', code: 404 });
      res.writeHead(200, { 'content-type': img.type });
      return void res.end(img.body);
    }
    m = /^\/resources\/applicants\/([^/]+)\/summary\/report\?report=applicantReport&lang=en$/.exec(path);
    if (m && this.byApplicantId(m[1]!)) {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return void res.end(Buffer.from(`%PDF-1.4\n% applicant report ${m[1]}\n`));
    }
    json(404, { description: 'Not found', code: 404 });
  }

  private byApplicantId(id: string): FakeApplicant | undefined {
    return [...this.applicants.values()].find((a) => a.id === id);
  }

  /** The provider's rule, written out independently of the client: hex HMAC of ts+METHOD+path+body. */
  private signedCorrectly(req: http.IncomingMessage, path: string): boolean {
    const ts = String(req.headers['x-app-access-ts'] ?? '');
    const sig = String(req.headers['x-app-access-sig'] ?? '');
    if (req.headers['x-app-token'] !== this.appToken || !/^\d+$/.test(ts)) return false;
    if (Math.abs(Date.now() / 1000 - Number(ts)) > 60) return false;
    const h = crypto.createHmac('sha256', this.secretKey);
    h.update(ts);
    h.update(req.method ?? '');
    h.update(path);
    const expected = h.digest('hex');
    return sig.length === expected.length && crypto.timingSafeEqual(Buffer.from(sig), Buffer.from(expected));
  }
}
