/**
 * What a deployment stores encrypted (secrets' values, invite tokens; upstream's SecretService with its
 * DATAHUB_SECRET): AES-256-GCM under a key made at each start, so a stored value is never readable in clear
 * through any API, and a restart, like a new DATAHUB_SECRET, leaves the old values unreadable.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const KEY = randomBytes(32);

export function encrypt(text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', KEY, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The clear text, or undefined for a value this process did not encrypt. */
export function decrypt(stored: string): string | undefined {
  try {
    const bytes = Buffer.from(stored, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', KEY, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/** A one-way digest: what an invite token's URN is made of. */
export const digestOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/** A new random token. */
export const randomToken = (): string => randomBytes(24).toString('base64url');
