import fs from 'node:fs';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { AUDIT_ACTIONS } from '@brokerdesk/contract';
import type { Db } from '../../db/client.ts';
import { auditLog, bankAccounts, kycDocuments } from '../../db/schema.ts';
import type { FileStore } from '../banks/file-store.ts';
import type { PackEntry } from './pack-zip.ts';
import type { Scope } from './scope.ts';

export const KYC_REFERENCES = 'documents/kyc-documents.json';

/** A document the pack lists: where it is in the pack, or why it is not. */
export type PackDocument = {
  path: string | null;
  kind: 'BANK_STATEMENT' | 'KYC_REFERENCES';
  /** The stored file name (a statement), or what the entry lists. */
  source: string;
  missing?: string;
};

/**
 * documents/: the bank statements the console keeps (DATA_DIR/uploads), each streamed from its file,
 * and documents/kyc-documents.json: the identity documents the KYC provider holds, by the provider's
 * reference, each with every time staff opened it. The provider's files themselves are not copied:
 * they are the provider's record, and the reference finds them there.
 */
export async function packDocuments(
  db: Db,
  files: FileStore,
  scope: Scope,
): Promise<{ entries: PackEntry[]; documents: PackDocument[]; statementPaths: Map<string, string> }> {
  const statements = await db
    .selectDistinct({ file: bankAccounts.bankPoa })
    .from(bankAccounts)
    .where(and(scope.rows(bankAccounts), ne(bankAccounts.bankPoa, '')))
    .orderBy(asc(bankAccounts.bankPoa));
  const entries: PackEntry[] = [];
  const documents: PackDocument[] = [];
  const statementPaths = new Map<string, string>();
  for (const { file } of statements) {
    const full = files.resolve(file);
    const there = full ? await fs.promises.stat(full).catch(() => null) : null;
    if (!full || !there?.isFile()) {
      documents.push({ path: null, kind: 'BANK_STATEMENT', source: file, missing: 'not in the file store' });
      continue;
    }
    const path = `documents/bank-statements/${file}`;
    statementPaths.set(file, path);
    documents.push({ path, kind: 'BANK_STATEMENT', source: file });
    entries.push({ path, content: () => fs.createReadStream(full) });
  }
  entries.push({ path: KYC_REFERENCES, content: () => kycReferences(db, scope.clientId) });
  documents.push({ path: KYC_REFERENCES, kind: 'KYC_REFERENCES', source: 'the KYC provider' });
  return { entries, documents, statementPaths };
}

/**
 * Every time staff opened one of the client's documents, oldest first (a link handed out is not a look:
 * features/audit/document-views.ts).
 */
export function documentViews(db: Db, clientId: string) {
  return db
    .select({ at: auditLog.at, actorId: auditLog.actorId, after: auditLog.after, ip: auditLog.ip })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'user'),
        eq(auditLog.entityId, clientId),
        eq(auditLog.action, AUDIT_ACTIONS.documentViewed),
        sql`coalesce(${auditLog.after} ->> 'opened', 'true') <> 'false'`,
      ),
    )
    .orderBy(asc(auditLog.id));
}

async function* kycReferences(db: Db, clientId: string): AsyncGenerator<string> {
  const docs = await db
    .select()
    .from(kycDocuments)
    .where(eq(kycDocuments.userId, clientId))
    .orderBy(asc(kycDocuments.timestamp));
  const views = await documentViews(db, clientId);
  const viewsOf = (kind: string) =>
    views
      .filter((v) => (v.after as { kind?: unknown } | null)?.kind === kind)
      .map((v) => ({
        at: v.at,
        by: v.actorId,
        document: (v.after as { document?: unknown }).document ?? null,
      }));
  const out = {
    heldBy: 'the identity-verification (KYC) provider',
    documents: docs.map((d) => ({
      kind: d.kind,
      idDocType: d.idDocType,
      providerReference: { inspectionId: d.inspectionId, imageIds: d.imageIds },
      uploaded: d.uploaded,
      verified: d.verified,
      receivedAt: d.timestamp,
      viewed: viewsOf(d.kind),
    })),
    reportViewed: viewsOf('KYC_REPORT'),
  };
  yield `${JSON.stringify(out, null, 2)}\n`;
}
