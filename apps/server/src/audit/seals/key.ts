import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The server's Ed25519 seal-signing key (RFC 8032), with the id that names its public half. */
export type AuditSigningKey = {
  privateKey: crypto.KeyObject;
  /** The public half as SPKI DER, base64: kept with every seal so a rotated key's seals still verify. */
  publicKey: string;
  publicKeyPem: string;
  keyId: string;
};

/** The file the embedded database's server keeps its key in when AUDIT_SIGNING_KEY is unset. */
export const KEY_FILE = 'audit-signing-key.pem';

export const AUDIT_KEY_REQUIRED =
  'Invalid configuration: AUDIT_SIGNING_KEY is required with NODE_ENV=production (an Ed25519 PKCS#8 key, PEM or base64, the same on every server; docs/operations.md "Audit seals and anchors").';

/**
 * The key id: the first 16 hex digits of SHA-256 over the public key's SPKI DER. Short enough to read
 * out, long enough that two keys of one broker never share it.
 */
export function keyIdOf(publicKeySpkiBase64: string): string {
  return crypto
    .createHash('sha256')
    .update(Buffer.from(publicKeySpkiBase64, 'base64'))
    .digest('hex')
    .slice(0, 16);
}

/**
 * A published public key as each seal keeps it (SPKI DER, base64), from its PEM (what the Audit Trail
 * screen and getAuditSigningKey show) or that base64 itself.
 */
export function publicKeyText(text: string): string {
  const value = text.trim();
  try {
    const key = value.includes('-----BEGIN')
      ? crypto.createPublicKey({ key: value, format: 'pem' })
      : publicKeyFrom(value);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('not Ed25519');
    return key.export({ format: 'der', type: 'spki' }).toString('base64');
  } catch {
    throw new Error('the key given is not an Ed25519 public key (PEM, or SPKI DER in base64)');
  }
}

export function publicKeyFrom(spkiBase64: string): crypto.KeyObject {
  return crypto.createPublicKey({ key: Buffer.from(spkiBase64, 'base64'), format: 'der', type: 'spki' });
}

/** A PKCS#8 PEM, or its DER in base64 (easier to put in one environment variable). */
export function parseAuditSigningKey(text: string): AuditSigningKey {
  const value = text.trim();
  let key: crypto.KeyObject;
  try {
    key = value.includes('-----BEGIN')
      ? crypto.createPrivateKey({ key: value.replace(/\\n/g, '\n'), format: 'pem' })
      : crypto.createPrivateKey({ key: Buffer.from(value, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error(
      'Invalid configuration: AUDIT_SIGNING_KEY is not a PKCS#8 private key (PEM or base64 DER); make one with `openssl genpkey -algorithm ed25519`.',
    );
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(
      `Invalid configuration: AUDIT_SIGNING_KEY is a ${key.asymmetricKeyType ?? 'unknown'} key; seals are signed with Ed25519 (openssl genpkey -algorithm ed25519).`,
    );
  return fromPrivate(key);
}

function fromPrivate(privateKey: crypto.KeyObject): AuditSigningKey {
  const pub = crypto.createPublicKey(privateKey);
  const publicKey = pub.export({ format: 'der', type: 'spki' }).toString('base64');
  return {
    privateKey,
    publicKey,
    publicKeyPem: pub.export({ format: 'pem', type: 'spki' }).toString(),
    keyId: keyIdOf(publicKey),
  };
}

/**
 * AUDIT_SIGNING_KEY when set; otherwise a key made once in DATA_DIR and read back on every start (the
 * embedded database lives there too, so its seals and their key stay together). Production refuses to
 * start without the variable (start-server.ts): servers sharing PostgreSQL must sign with one key, and a
 * key lost with a container's disk would leave its seals unprovable.
 */
export function loadAuditSigningKey(configured: string | undefined, dataDir: string): AuditSigningKey {
  if (configured) return parseAuditSigningKey(configured);
  const file = path.join(dataDir, KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  const { privateKey } = crypto.generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  try {
    // wx: two servers starting together on one DATA_DIR keep whichever key was written first.
    fs.writeFileSync(file, pem, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseAuditSigningKey(fs.readFileSync(file, 'utf8'));
}
