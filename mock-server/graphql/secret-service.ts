/**
 * Secrets as upstream's SecretService keeps them (metadata-operation-context/.../services/SecretService.java,
 * v1.3.0.1): AES-256-GCM under a key derived from the deployment's encryption key (HMAC-SHA256, keyed by the
 * SHA-256 of the key, over a fixed label), stored as `v2:` and the base64 of IV, ciphertext and tag. The mock
 * uses upstream's default encryption key, so a value encrypted by a deployment left at its default decrypts
 * here too. A value in upstream's older format (no `v2:`: AES-128-ECB under the first 16 bytes of the key's
 * SHA-1) still decrypts, as upstream's default (v1AlgorithmEnabled) allows.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/** Upstream's encryptionKey when SECRET_SERVICE_ENCRYPTION_KEY is not set (application.yaml). */
const DEFAULT_ENCRYPTION_KEY = 'ENCRYPTION_KEY';
const KEY_LABEL = 'DataHub-AES-GCM-Key';
const VERSION_PREFIX = 'v2:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const KEY = createHmac('sha256', createHash('sha256').update(DEFAULT_ENCRYPTION_KEY, 'utf8').digest())
  .update(KEY_LABEL, 'utf8')
  .digest();

export function encryptSecret(value: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', KEY, iv);
  const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return VERSION_PREFIX + Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64');
}

/** The clear value of an encrypted one; throws, naming the problem, when it cannot be decrypted. */
const LEGACY_KEY = createHash('sha1').update(DEFAULT_ENCRYPTION_KEY, 'utf8').digest().subarray(0, 16);

function decryptLegacy(encrypted: string): string {
  const decipher = createDecipheriv('aes-128-ecb', LEGACY_KEY, null);
  try {
    return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('encrypted value does not decrypt under the encryption key');
  }
}

export function decryptSecret(encrypted: string): string {
  if (!encrypted.startsWith(VERSION_PREFIX)) return decryptLegacy(encrypted);
  const combined = Buffer.from(encrypted.slice(VERSION_PREFIX.length), 'base64');
  if (combined.length < IV_BYTES + TAG_BYTES) throw new Error('encrypted value too short for AES-GCM');
  const decipher = createDecipheriv('aes-256-gcm', KEY, combined.subarray(0, IV_BYTES));
  decipher.setAuthTag(combined.subarray(combined.length - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(combined.subarray(IV_BYTES, combined.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new Error('encrypted value does not decrypt under the encryption key');
  }
}
