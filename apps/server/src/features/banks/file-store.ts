import fs from 'node:fs';
import path from 'node:path';
import { STORED_FILE_NAME, calls, urlOf } from '@brokerdesk/contract';
import type { LinkSigner } from '../../lib/signed-links.ts';

export type FileType = { mime: 'application/pdf' | 'image/png' | 'image/jpeg'; ext: 'pdf' | 'png' | 'jpg' };

const PDF: FileType = { mime: 'application/pdf', ext: 'pdf' };
const PNG: FileType = { mime: 'image/png', ext: 'png' };
const JPEG: FileType = { mime: 'image/jpeg', ext: 'jpg' };
const BY_EXTENSION: Record<string, FileType> = { pdf: PDF, png: PNG, jpg: JPEG, jpeg: JPEG };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** How long a link to a stored file works (docs/product.md [security.files]: short-lived signed links). */
export const FILE_LINK_SECONDS = 600;

/** What the bytes are, whatever the name or the declared type say: PDF, PNG or JPEG, else null. */
export function sniffType(data: Buffer): FileType | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return PDF;
  if (data.subarray(0, 8).equals(PNG_SIGNATURE)) return PNG;
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return JPEG;
  return null;
}

/**
 * The part of a sender's file name worth keeping: no folders, no extension (the server adds the one
 * the bytes prove), plain letters, digits, - and _ only, at most 60 characters.
 */
export function safeBaseName(original: string): string {
  const last = original.split(/[\\/]/).pop() ?? '';
  const clean = last
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 60)
    .replace(/[-_]+$/, '');
  return clean || 'document';
}

/**
 * Uploaded documents under DATA_DIR/uploads: outside the web root, named by the server, reachable only
 * through signed links (GET /public/files/{name}?exp=&sig=).
 */
export class FileStore {
  readonly dir: string;

  constructor(
    dataDir: string,
    private readonly links: LinkSigner,
  ) {
    this.dir = uploadsDir(dataDir);
  }

  /** Stores the bytes as {userId}-{timestamp}-{name}.{ext}; never overwrites an earlier upload. */
  async save(
    userId: string,
    originalName: string,
    data: Buffer,
    now: number,
    type: FileType,
  ): Promise<string> {
    await fs.promises.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const base = `${userId}-${now}-${safeBaseName(originalName)}`;
    for (let i = 1; ; i++) {
      const name = `${base}${i === 1 ? '' : `-${i}`}.${type.ext}`;
      try {
        await fs.promises.writeFile(path.join(this.dir, name), data, { flag: 'wx', mode: 0o600 });
        return name;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || i >= 50) throw err;
      }
    }
  }

  /** The file's path when the name is one the server could have made, else null (no traversal). */
  resolve(name: string): string | null {
    if (name.length > 255 || !STORED_FILE_NAME.test(name)) return null;
    const full = path.join(this.dir, name);
    return path.dirname(full) === this.dir ? full : null;
  }

  async exists(name: string): Promise<boolean> {
    const full = this.resolve(name);
    if (!full) return false;
    const stat = await fs.promises.stat(full).catch(() => null);
    return stat?.isFile() ?? false;
  }

  typeOf(name: string): FileType | null {
    return BY_EXTENSION[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? null;
  }

  /** A relative, short-lived link for staff to open the file in a new tab, alive as long as `session`. */
  link(name: string, session: string): string {
    return this.links.sign(filePath(name), FILE_LINK_SECONDS, session);
  }
}

/** The file's address (a stored name needs no escaping: STORED_FILE_NAME). */
export const filePath = (name: string) => urlOf(calls.banks.openStoredFile, { params: { file: name } });
/** Where uploads are kept: DATA_DIR/uploads (the demo seed writes its sample statements there too). */
export const uploadsDir = (dataDir: string) => path.resolve(dataDir, 'uploads');
