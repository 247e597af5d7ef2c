/**
 * Personal access tokens (upstream's StatefulTokenService, metadata-service/auth-impl/.../token/
 * StatefulTokenService.java, v1.3.0.1): a signed token of type PERSONAL naming its user, whose id is the
 * SHA-256 of the token (the URN of its stored metadata, `dataHubAccessToken:<id>`). A token is a bearer token
 * like a configured one until it expires or is revoked; the server keeps the ids it issued and forgets a
 * revoked one, as upstream refuses a token whose metadata is gone.
 */
import { createHash } from 'node:crypto';
import type { SessionGrant } from './session-tokens.js';
import { SignedTokens } from './signed-tokens.js';

const PERSONAL_TYPE = 'PERSONAL';
/** A token that never expires: signed for a century. */
const NO_EXPIRY_SECONDS = 100 * 365 * 24 * 60 * 60;

export const tokenIdOf = (token: string): string => createHash('sha256').update(token).digest('hex');

export class PersonalTokens {
  private readonly issued = new Set<string>();

  constructor(
    /** The namespace's URN prefix (`urn:svc:`), for the user's URN. */
    private readonly urnPrefix: string,
    private readonly signer = new SignedTokens(),
  ) {}

  /** A new token for the user (its name), valid for `maxAgeSeconds` (null: no expiry), and its id. */
  issue(
    name: string,
    role: SessionGrant['role'],
    maxAgeSeconds: number | null,
    now = Date.now(),
  ): { token: string; id: string } {
    const token = this.signer.sign(
      { actorType: 'USER', actorId: name, type: PERSONAL_TYPE, role, nonce: this.issued.size },
      maxAgeSeconds ?? NO_EXPIRY_SECONDS,
      now,
    );
    const id = tokenIdOf(token);
    this.issued.add(id);
    return { token, id };
  }

  /** Refuses the token of this id from now on; false when no such token was issued. */
  revoke(id: string): boolean {
    return this.issued.delete(id);
  }

  /** The grant of a token this server issued, not revoked and not expired; undefined for any other text. */
  grantOf(token: string, now = Date.now()): SessionGrant | undefined {
    if (token.split('.').length !== 3) return undefined;
    const claims = this.signer.verify(token, now);
    if (!claims || claims.type !== PERSONAL_TYPE || typeof claims.actorId !== 'string') return undefined;
    if (!this.issued.has(tokenIdOf(token))) return undefined;
    return {
      token,
      user: `${this.urnPrefix}corpuser:${claims.actorId}`,
      role: claims.role === 'reader' ? 'reader' : 'admin',
    };
  }
}
