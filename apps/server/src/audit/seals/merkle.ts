import crypto from 'node:crypto';

/**
 * The Merkle tree of one sealed day, as RFC 6962 section 2.1 (Certificate Transparency) defines it, so
 * any third party can recompute a root or check a path with a published algorithm:
 * - a leaf is SHA-256(0x00 || the record's chain hash, 32 bytes), an interior node
 *   SHA-256(0x01 || left || right): the two prefixes keep a leaf from ever passing for a node;
 * - a tree of n leaves splits at k, the largest power of two below n; a node without a partner is
 *   carried up unchanged (never hashed with a copy of itself, which would let two different lists of
 *   records share a root);
 * - the root of no leaves is SHA-256 of nothing.
 * Hashes are lower-case hex, as the chain's are.
 */

const LEAF = Buffer.from([0x00]);
const NODE = Buffer.from([0x01]);

const sha256 = (...parts: Buffer[]): Buffer => {
  const h = crypto.createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};

/** The leaf of one audit record: its own chain hash (hex), domain-separated. */
export function leafHash(chainHashHex: string): string {
  return sha256(LEAF, Buffer.from(chainHashHex, 'hex')).toString('hex');
}

export function nodeHash(leftHex: string, rightHex: string): string {
  return sha256(NODE, Buffer.from(leftHex, 'hex'), Buffer.from(rightHex, 'hex')).toString('hex');
}

/** The largest power of two smaller than n (n > 1). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH over leaf hashes [lo, hi). */
function subtreeRoot(leaves: readonly string[], lo: number, hi: number): string {
  const n = hi - lo;
  if (n === 1) return leaves[lo]!;
  const k = split(n);
  return nodeHash(subtreeRoot(leaves, lo, lo + k), subtreeRoot(leaves, lo + k, hi));
}

/** The root over the records' chain hashes, in chain order. */
export function merkleRoot(chainHashes: readonly string[]): string {
  if (chainHashes.length === 0) return crypto.createHash('sha256').digest('hex');
  return subtreeRoot(chainHashes.map(leafHash), 0, chainHashes.length);
}

/**
 * The audit path of leaf `index` (RFC 6962 2.1.1 PATH): the sibling hashes from the leaf up to the
 * root, nearest first.
 */
export function inclusionPath(chainHashes: readonly string[], index: number): string[] {
  if (!Number.isInteger(index) || index < 0 || index >= chainHashes.length)
    throw new RangeError(`leaf ${index} is not in a tree of ${chainHashes.length}`);
  const leaves = chainHashes.map(leafHash);
  const path: string[] = [];
  const walk = (m: number, lo: number, hi: number) => {
    const n = hi - lo;
    if (n === 1) return;
    const k = split(n);
    if (m < k) {
      walk(m, lo, lo + k);
      path.push(subtreeRoot(leaves, lo + k, hi));
    } else {
      walk(m - k, lo + k, hi);
      path.push(subtreeRoot(leaves, lo, lo + k));
    }
  };
  walk(index, 0, leaves.length);
  return path;
}

/**
 * Checks a path (RFC 9162 section 2.1.3.2, the same tree as RFC 6962): the record's chain hash at
 * `index` of `size` leaves leads to `root`.
 */
export function verifyInclusion(
  chainHashHex: string,
  index: number,
  size: number,
  path: readonly string[],
  root: string,
): boolean {
  if (!Number.isInteger(index) || !Number.isInteger(size) || index < 0 || index >= size) return false;
  if (!/^[0-9a-f]{64}$/.test(chainHashHex) || path.some((p) => !/^[0-9a-f]{64}$/.test(p))) return false;
  let fn = index;
  let sn = size - 1;
  let r = leafHash(chainHashHex);
  for (const p of path) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r === root;
}

/**
 * A day's whole tree kept level by level, for many paths of one day (an evidence pack's records): the
 * same tree as above (RFC 6962's split at the largest power of two is the tree whose last node of an
 * odd level is carried up unchanged), built once in O(n), each path then read in O(log n). Hashes are
 * kept as 32-byte slices of one buffer per level, so a day of a million records takes about 64 MB.
 */
export class MerkleLevels {
  private readonly levels: Buffer[] = [];

  /** `chainHashes`: the records' chain hashes (32 bytes each) in chain order, one after another. */
  constructor(chainHashes: Buffer) {
    const n = chainHashes.length / 32;
    let level = Buffer.alloc(n * 32);
    for (let i = 0; i < n; i++) sha256(LEAF, chainHashes.subarray(i * 32, i * 32 + 32)).copy(level, i * 32);
    this.levels.push(level);
    for (let count = n; count > 1; count = Math.ceil(count / 2)) {
      const next = Buffer.alloc(Math.ceil(count / 2) * 32);
      for (let j = 0; 2 * j < count; j++) {
        const left = level.subarray(2 * j * 32, 2 * j * 32 + 32);
        const node =
          2 * j + 1 < count ? sha256(NODE, left, level.subarray((2 * j + 1) * 32, (2 * j + 2) * 32)) : left;
        node.copy(next, j * 32);
      }
      level = next;
      this.levels.push(level);
    }
  }

  get size(): number {
    return this.levels[0]!.length / 32;
  }

  root(): string {
    if (this.size === 0) return crypto.createHash('sha256').digest('hex');
    return this.levels.at(-1)!.subarray(0, 32).toString('hex');
  }

  /** The same path as inclusionPath: sibling hashes from the leaf up, nearest first. */
  path(index: number): string[] {
    if (!Number.isInteger(index) || index < 0 || index >= this.size)
      throw new RangeError(`leaf ${index} is not in a tree of ${this.size}`);
    const path: string[] = [];
    let m = index;
    for (const level of this.levels) {
      const count = level.length / 32;
      if (count === 1) break;
      const sibling = m ^ 1;
      if (sibling < count) path.push(level.subarray(sibling * 32, sibling * 32 + 32).toString('hex'));
      m >>= 1;
    }
    return path;
  }
}
