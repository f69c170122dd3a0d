import crypto from 'node:crypto';
import { canonicalJson } from '../chain.ts';
import { keyIdOf, publicKeyFrom, type AuditSigningKey } from './key.ts';

/**
 * What a seal signs: one UTC day of the chain. The signature is Ed25519 (RFC 8032) over the canonical
 * JSON (audit/chain.ts canonicalJson: keys sorted, no spaces) of these fields, so anyone holding the
 * public key can check a mailed anchor with any Ed25519 library.
 */
export type SealStatement = {
  /** The format of this statement; a later change of fields gets a new number. */
  v: 1;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** The first and last record (audit_log ids) under the root; lastSeq = firstSeq - 1 for a day without records. */
  firstSeq: number;
  lastSeq: number;
  count: number;
  /** The Merkle root (audit/seals/merkle.ts) over the records' chain hashes. */
  root: string;
  /** The chain hash of record lastSeq: the chain's head where the seal ends, which every later record extends. */
  headHash: string;
  keyId: string;
};

/** A seal as stored and as mailed: the statement, its signature, the public key that checks it. */
export type SignedSeal = SealStatement & { signature: string; publicKey: string };

export const statementBytes = (s: SealStatement): Buffer =>
  Buffer.from(
    canonicalJson({
      v: s.v,
      day: s.day,
      firstSeq: s.firstSeq,
      lastSeq: s.lastSeq,
      count: s.count,
      root: s.root,
      headHash: s.headHash,
      keyId: s.keyId,
    }),
    'utf8',
  );

export function signStatement(s: SealStatement, key: AuditSigningKey): SignedSeal {
  const signature = crypto.sign(null, statementBytes(s), key.privateKey).toString('base64');
  return { ...s, signature, publicKey: key.publicKey };
}

/** Why a seal's signature does not hold, or null when it does. */
export function signatureProblem(seal: SignedSeal): string | null {
  if (keyIdOf(seal.publicKey) !== seal.keyId)
    return `its key id ${seal.keyId} does not name the public key kept with it`;
  let ok = false;
  try {
    ok = crypto.verify(
      null,
      statementBytes(seal),
      publicKeyFrom(seal.publicKey),
      Buffer.from(seal.signature, 'base64'),
    );
  } catch {
    ok = false;
  }
  return ok ? null : 'its signature does not match its fields: the seal was changed after it was signed';
}

/** The UTC day of an epoch second, YYYY-MM-DD. */
export const dayOf = (epochSeconds: number): string =>
  new Date(Math.floor(epochSeconds / 86_400) * 86_400_000).toISOString().slice(0, 10);

/** The first epoch second of a YYYY-MM-DD UTC day. */
export const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000;
