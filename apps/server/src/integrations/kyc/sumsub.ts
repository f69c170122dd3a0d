import crypto from 'node:crypto';
import type { LinkSigner } from '../../lib/signed-links.ts';
import { kycImagePath, kycReportPath } from './paths.ts';
import {
  KycUnavailable,
  type KycApplicant,
  type KycDocument,
  type KycDocuments,
  type KycFile,
  type KycImage,
  type KycProvider,
} from './types.ts';

export type SumsubOptions = {
  url: string;
  appToken: string;
  secretKey: string;
  links: LinkSigner;
  publicUrl: string;
  timeoutMs?: number;
};

/** The parts of the provider's applicant and step replies the console reads. */
type Applicant = {
  id: string;
  createdAt?: string;
  inspectionId?: string;
  review?: { reviewStatus?: string; reviewResult?: { reviewAnswer?: string } };
};
type Step = { idDocType?: string; imageIds?: (number | string)[]; reviewResult?: { reviewAnswer?: string } };
type Steps = Record<string, Step | null | undefined>;

/**
 * A client of a Sumsub-style identity-verification API. Clients are applicants keyed by our user id
 * (externalUserId). Every request is signed: hex HMAC-SHA256 of timestamp + method + path + body with
 * the secret key, sent with the app token. Images and the report are fetched by this server and handed
 * to staff through the console's own signed links, as the provider's need our credentials.
 */
export class SumsubKyc implements KycProvider {
  private readonly timeoutMs: number;

  constructor(private readonly o: SumsubOptions) {
    this.timeoutMs = o.timeoutMs ?? 10_000;
  }

  async documents(userId: string, linkSession?: string): Promise<KycDocuments> {
    const applicant = await this.findApplicant(userId);
    if (!applicant) return { IDENTITY: null, PROOF_OF_RESIDENCE: null, inspectionId: '' };
    const steps = await this.json<Steps>(`/resources/applicants/${enc(applicant.id)}/requiredIdDocsStatus`);
    const doc = (step: Step | null | undefined): KycDocument | null => {
      if (!step) return null;
      const imageIds = (step.imageIds ?? []).map(String);
      const first = imageIds[0];
      return {
        idDocType: step.idDocType ?? '',
        imageIds,
        uploaded: imageIds.length > 0,
        verified: step.reviewResult?.reviewAnswer === 'GREEN',
        viewUrl: first ? this.link(kycImagePath(userId, first), linkSession) : '',
        reportUrl: this.link(kycReportPath(userId), linkSession),
      };
    };
    return {
      IDENTITY: doc(steps.IDENTITY),
      PROOF_OF_RESIDENCE: doc(steps.PROOF_OF_RESIDENCE),
      inspectionId: applicant.inspectionId ?? '',
    };
  }

  async applicant(userId: string): Promise<KycApplicant> {
    const a = await this.findApplicant(userId);
    if (!a) return { applicantId: '', reviewStatus: 'init', reviewAnswer: '', createdAt: 0 };
    return {
      applicantId: a.id,
      reviewStatus: a.review?.reviewStatus ?? '',
      reviewAnswer: a.review?.reviewResult?.reviewAnswer ?? '',
      createdAt: epochSeconds(a.createdAt),
    };
  }

  async image(userId: string, imageId: string): Promise<KycImage | null> {
    const applicant = await this.findApplicant(userId);
    if (!applicant) return null;
    // Only an image of this client's own documents: a signed link names both, but check the pairing.
    const docs = await this.documents(userId);
    const kind = (['IDENTITY', 'PROOF_OF_RESIDENCE'] as const).find((k) =>
      docs[k]?.imageIds.includes(imageId),
    );
    if (!kind) return null;
    const file = await this.file(`/resources/applicants/${enc(applicant.id)}/resources/${enc(imageId)}`);
    return { ...file, kind, idDocType: docs[kind]!.idDocType };
  }

  async report(userId: string): Promise<KycFile> {
    const applicant = await this.findApplicant(userId);
    if (!applicant) throw new KycUnavailable('The provider has no applicant for this client.');
    return this.file(
      `/resources/applicants/${enc(applicant.id)}/summary/report?report=applicantReport&lang=en`,
    );
  }

  private async findApplicant(userId: string): Promise<Applicant | null> {
    const res = await this.request(`/resources/applicants/-;externalUserId=${enc(userId)}/one`);
    if (res.status === 404) return null;
    const body = await this.ok<Applicant>(res);
    if (typeof body.id !== 'string' || body.id === '') throw new KycUnavailable('Malformed applicant reply.');
    return body;
  }

  private async json<T>(path: string): Promise<T> {
    return this.ok<T>(await this.request(path));
  }

  private async file(path: string): Promise<KycFile> {
    const res = await this.request(path);
    if (!res.ok) throw new KycUnavailable(`The provider answered ${res.status}.`);
    return {
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      body: Buffer.from(await res.arrayBuffer()),
    };
  }

  private async ok<T>(res: Response): Promise<T> {
    if (!res.ok) throw new KycUnavailable(`The provider answered ${res.status}.`);
    try {
      return (await res.json()) as T;
    } catch {
      throw new KycUnavailable('Malformed reply from the provider.');
    }
  }

  private async request(path: string): Promise<Response> {
    const ts = String(Math.floor(Date.now() / 1000));
    const sig = sumsubSignature(this.o.secretKey, ts, 'GET', path, '');
    try {
      return await fetch(`${this.o.url}${path}`, {
        method: 'GET',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'x-app-token': this.o.appToken,
          'x-app-access-ts': ts,
          'x-app-access-sig': sig,
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new KycUnavailable(`The provider could not be reached: ${(err as Error).message}`);
    }
  }

  private link(path: string, session: string | undefined): string {
    return `${this.o.publicUrl}${this.o.links.sign(path, 600, session)}`;
  }
}

/** The request signature: lowercase hex HMAC-SHA256 of ts + METHOD + path (with query) + body. */
export function sumsubSignature(secret: string, ts: string, method: string, path: string, body: string) {
  return crypto
    .createHmac('sha256', secret)
    .update(ts + method.toUpperCase() + path + body)
    .digest('hex');
}

const enc = encodeURIComponent;

/** The provider's times are 'YYYY-MM-DD HH:mm:ss' in UTC. */
function epochSeconds(s: string | undefined): number {
  if (!s) return 0;
  const ms = Date.parse(`${s.replace(' ', 'T')}Z`);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
}
