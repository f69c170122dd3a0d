import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { MANIFEST, type Manifest, type ManifestFile } from './manifest.ts';

/** An entry of the pack: its path, and its content made only when the ZIP reaches it. */
export type PackEntry = { path: string; content: () => AsyncIterable<Buffer | string> };

/**
 * The pack as one streamed ZIP (yazl): the entries are written one after another in the order given,
 * each read only when its turn comes, and hashed (SHA-256) as it passes; manifest.json, last, lists
 * every hash and is signed by `manifestOf`. Nothing is held but the entry being written.
 */
export function zipPack(
  entries: PackEntry[],
  manifestOf: (files: ManifestFile[]) => Manifest,
  mtime: Date,
): NodeJS.ReadableStream {
  const zip = new yazl.ZipFile();
  const files: ManifestFile[] = [];
  for (const entry of entries)
    zip.addReadStreamLazy(entry.path, { mtime }, (cb) => cb(null, Readable.from(hashed(entry, files))));
  zip.addReadStreamLazy(MANIFEST, { mtime }, (cb) =>
    cb(null, Readable.from([Buffer.from(`${JSON.stringify(manifestOf(files), null, 2)}\n`, 'utf8')])),
  );
  zip.end();
  return zip.outputStream;
}

async function* hashed(entry: PackEntry, files: ManifestFile[]): AsyncGenerator<Buffer> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of entry.content()) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    if (bytes.length === 0) continue;
    hash.update(bytes);
    size += bytes.length;
    yield bytes;
  }
  files.push({ path: entry.path, sha256: hash.digest('hex'), size });
}
