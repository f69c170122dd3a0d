import crypto from 'node:crypto';
import yauzl from 'yauzl';
import { chainHash } from '../../audit/chain.ts';
import { keyIdOf } from '../../audit/seals/key.ts';
import { verifyInclusion } from '../../audit/seals/merkle.ts';
import { signatureProblem, type SignedSeal } from '../../audit/seals/statement.ts';
import { MANIFEST, PACK_FORMAT, manifestSignatureProblem, type Manifest } from './manifest.ts';
import type { AuditLine, PackRecord } from './audit-lines.ts';

export type PackProblem = { where: string; reason: string };

export type PackVerifyResult = {
  ok: boolean;
  problems: PackProblem[];
  entries: number;
  records: number;
  proven: number;
  /** Records whose day was not sealed when the pack was made: chained, not yet provable. */
  pending: number;
  keyId: string | null;
  /** False when no published key was given: the signature was checked with the key the pack carries. */
  keyGiven: boolean;
};

const MAX_MANIFEST = 16 * 1024 * 1024;

/**
 * Checks an evidence pack offline (docs/operations.md "Verifying an evidence pack"): every entry's
 * content against the SHA-256 the manifest lists (an entry it does not list, or one listed but absent,
 * fails), the manifest's Ed25519 signature against the published key (`keys`: SPKI DER base64, several
 * after a rotation; the manifest's key id picks one), and each audit record of audit.jsonl: its chain
 * hash over its fields, its Merkle path to its day's root, and that day's signed seal. Only entry names
 * and contents are evidence: ZIP times, comments and order are not read.
 */
export async function verifyPack(file: string, keys: string[] = []): Promise<PackVerifyResult> {
  const problems: PackProblem[] = [];
  const hashes = new Map<string, { sha256: string; size: number }>();
  const audit = new AuditChecker(keys, problems);
  let manifestText: string | null = null;
  const zip = await yauzl.openPromise(file, { lazyEntries: true, strictFileNames: true });
  try {
    for (let entry = await next(zip); entry; entry = await next(zip)) {
      if (entry.fileName.endsWith('/')) continue;
      if (hashes.has(entry.fileName) || (entry.fileName === MANIFEST && manifestText !== null)) {
        problems.push({ where: entry.fileName, reason: 'The pack holds this entry twice.' });
        continue;
      }
      const stream = await zip.openReadStreamPromise(entry);
      const hash = crypto.createHash('sha256');
      let size = 0;
      const parts: Buffer[] = [];
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        hash.update(chunk);
        size += chunk.length;
        if (entry.fileName === MANIFEST && size <= MAX_MANIFEST) parts.push(chunk);
        if (entry.fileName === 'audit.jsonl') audit.feed(chunk);
      }
      if (entry.fileName === 'audit.jsonl') audit.end();
      if (entry.fileName === MANIFEST) manifestText = Buffer.concat(parts).toString('utf8');
      else hashes.set(entry.fileName, { sha256: hash.digest('hex'), size });
    }
  } finally {
    zip.close();
  }

  const manifest = manifestText === null ? null : parseManifest(manifestText, problems);
  if (manifestText === null) problems.push({ where: MANIFEST, reason: 'The pack has no manifest.' });
  let keyId: string | null = null;
  if (manifest) {
    keyId = manifest.keyId;
    const listed = new Map(manifest.files.map((f) => [f.path, f]));
    for (const [path, got] of hashes) {
      const want = listed.get(path);
      if (!want)
        problems.push({
          where: path,
          reason: 'This entry is not in the manifest: it was added to the pack.',
        });
      else if (want.sha256 !== got.sha256 || want.size !== got.size)
        problems.push({
          where: path,
          reason: 'Its content does not match the SHA-256 the manifest lists: it was changed.',
        });
    }
    for (const path of listed.keys())
      if (!hashes.has(path))
        problems.push({
          where: path,
          reason: 'The manifest lists this entry but the pack does not hold it: it was removed.',
        });
    const key = keys.find((k) => keyIdOf(k) === manifest.keyId);
    if (keys.length > 0 && !key)
      problems.push({
        where: `${MANIFEST} signature`,
        reason: `It is signed with key ${manifest.keyId}, which is not among the published keys given (${keys.map(keyIdOf).join(', ')}).`,
      });
    else {
      const bad = manifestSignatureProblem(manifest, key ?? manifest.publicKey);
      if (bad)
        problems.push({
          where: `${MANIFEST} signature`,
          reason: `The manifest's signature does not hold: ${bad}.`,
        });
    }
  }
  if (!hashes.has('audit.jsonl') && manifest)
    problems.push({ where: 'audit.jsonl', reason: 'The pack has no audit records file.' });
  return {
    ok: problems.length === 0,
    problems,
    entries: hashes.size + (manifestText === null ? 0 : 1),
    records: audit.records,
    proven: audit.proven,
    pending: audit.pending,
    keyId,
    keyGiven: keys.length > 0,
  };
}

function next(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.removeListener('entry', onEntry);
      zip.removeListener('end', onEnd);
      zip.removeListener('error', onError);
    };
    const onEntry = (e: yauzl.Entry) => (cleanup(), resolve(e));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = (err: Error) => (cleanup(), reject(err));
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

function parseManifest(text: string, problems: PackProblem[]): Manifest | null {
  let m: Partial<Manifest>;
  try {
    m = JSON.parse(text) as Partial<Manifest>;
  } catch {
    problems.push({ where: MANIFEST, reason: 'The manifest is not JSON.' });
    return null;
  }
  const fileOk = (f: unknown) => {
    const x = f as { path?: unknown; sha256?: unknown; size?: unknown };
    return typeof x?.path === 'string' && typeof x.sha256 === 'string' && Number.isInteger(x.size);
  };
  if (
    m.format !== PACK_FORMAT ||
    m.v !== 1 ||
    typeof m.keyId !== 'string' ||
    typeof m.publicKey !== 'string' ||
    typeof m.signature !== 'string' ||
    !Array.isArray(m.files) ||
    !m.files.every(fileOk)
  ) {
    problems.push({
      where: MANIFEST,
      reason: `The manifest is not an evidence pack's (${PACK_FORMAT} v1 with keyId, publicKey, files, signature).`,
    });
    return null;
  }
  return m as Manifest;
}

/** audit.jsonl, line by line as it is read: each record against its hash, its path and its day's seal. */
class AuditChecker {
  records = 0;
  proven = 0;
  pending = 0;
  private line = 0;
  private rest = '';
  private readonly seals = new Map<string, SignedSeal>();
  private readonly decoder = new TextDecoder('utf-8', { fatal: false });

  constructor(
    private readonly keys: string[],
    private readonly problems: PackProblem[],
  ) {}

  feed(chunk: Buffer): void {
    const text = this.rest + this.decoder.decode(chunk, { stream: true });
    const lines = text.split('\n');
    this.rest = lines.pop()!;
    for (const l of lines) this.check(l);
  }

  end(): void {
    const last = this.rest + this.decoder.decode();
    if (last.trim() !== '') this.check(last);
  }

  private check(text: string): void {
    this.line++;
    if (text.trim() === '') return;
    let parsed: AuditLine;
    try {
      parsed = JSON.parse(text) as AuditLine;
    } catch {
      this.fail(`line ${this.line}`, 'This line is not JSON.');
      return;
    }
    if ('seal' in parsed) this.seal(parsed.seal);
    else if ('record' in parsed && parsed.record) this.record(parsed.record, parsed.proof);
    else this.fail(`line ${this.line}`, 'This line is neither a seal nor a record.');
  }

  private seal(seal: SignedSeal): void {
    const where = `line ${this.line} (seal of ${String(seal?.day)})`;
    const bad = signatureProblem(seal);
    if (bad) this.fail(where, `The signed day root does not hold: ${bad}.`);
    else if (this.keys.length > 0 && !this.keys.some((k) => keyIdOf(k) === seal.keyId))
      this.fail(
        where,
        `The day root is signed with key ${seal.keyId}, which is not among the published keys given.`,
      );
    this.seals.set(seal.day, seal);
  }

  private record(
    r: PackRecord,
    proof: { day: string; index: number; size: number; path: string[] } | null,
  ): void {
    this.records++;
    const where = `line ${this.line} (record ${String(r.id)})`;
    if (!r.hash || !r.prevHash) {
      this.fail(where, 'The record carries no chain hash.');
      return;
    }
    if (chainHash(r.prevHash, r) !== r.hash) {
      this.fail(where, 'The record does not match its hash: a field of it was changed.');
      return;
    }
    if (!proof) {
      this.pending++;
      return;
    }
    const seal = this.seals.get(proof.day);
    if (!seal)
      this.fail(
        where,
        `Its proof names the day ${proof.day}, whose signed root is not in the file before it.`,
      );
    else if (r.id < seal.firstSeq || r.id > seal.lastSeq || proof.size !== seal.count)
      this.fail(
        where,
        `Its proof does not fit the seal of ${proof.day} (records ${seal.firstSeq}..${seal.lastSeq}, ${seal.count} in all).`,
      );
    else if (!verifyInclusion(r.hash, proof.index, proof.size, proof.path, seal.root))
      this.fail(
        where,
        `Its Merkle path does not lead to the signed root of ${proof.day}: the path or the record was changed.`,
      );
    else this.proven++;
  }

  private fail(where: string, reason: string): void {
    this.problems.push({ where: `audit.jsonl ${where}`, reason });
  }
}
