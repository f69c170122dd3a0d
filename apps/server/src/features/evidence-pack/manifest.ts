import crypto from 'node:crypto';
import { canonicalJson } from '../../audit/chain.ts';
import { keyIdOf, publicKeyFrom } from '../../audit/seals/key.ts';

/** The one entry the manifest does not list: itself. */
export const MANIFEST = 'manifest.json';
export const PACK_FORMAT = 'brokerdesk-evidence-pack';

export type ManifestFile = { path: string; sha256: string; size: number };

/**
 * manifest.json: what the pack holds, each entry by the SHA-256 of its content, signed with the
 * server's Ed25519 key (the audit seals' key, AUDIT_SIGNING_KEY). The signature covers the canonical
 * JSON of every field but itself (audit/chain.ts canonicalJson), so the file's own spacing is no part
 * of it; the key id names the key, so a pack signed before a rotation is checked with the key it names.
 * ZIP metadata (times, comments, order) is not covered: only the entries' names and contents are evidence.
 */
export type Manifest = {
  format: typeof PACK_FORMAT;
  v: 1;
  subject: { type: string; id: string; clientId: string };
  createdAt: number;
  createdBy: string;
  keyId: string;
  /** The signing key's public half, SPKI DER base64: for reading only; trust the published key. */
  publicKey: string;
  files: ManifestFile[];
  signature: string;
};

export type UnsignedManifest = Omit<Manifest, 'signature' | 'keyId' | 'publicKey'>;

export const manifestBytes = (m: Omit<Manifest, 'signature'>): Buffer => {
  const { signature: _ignored, ...signed } = m as Manifest;
  return Buffer.from(canonicalJson(signed), 'utf8');
};

/** What signs a manifest: the audit seals' key (AuditSeals.sign). */
export type ManifestSigner = { keyId: string; publicKey: string; sign: (bytes: Buffer) => string };

export function signManifest(m: UnsignedManifest, signer: ManifestSigner): Manifest {
  const body = { ...m, keyId: signer.keyId, publicKey: signer.publicKey };
  return { ...body, signature: signer.sign(manifestBytes(body)) };
}

/** Why the manifest's signature does not hold under `publicKeySpki` (base64), or null when it does. */
export function manifestSignatureProblem(m: Manifest, publicKeySpki: string): string | null {
  if (keyIdOf(publicKeySpki) !== m.keyId)
    return `it names key ${m.keyId}, not the key given (${keyIdOf(publicKeySpki)})`;
  try {
    const ok = crypto.verify(
      null,
      manifestBytes(m),
      publicKeyFrom(publicKeySpki),
      Buffer.from(m.signature, 'base64'),
    );
    return ok ? null : 'the signature does not match the manifest: the manifest or its signature was changed';
  } catch {
    return 'the signature is not a valid Ed25519 signature';
  }
}
