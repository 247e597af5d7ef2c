/**
 * JSON Web Tokens signed with HS256 by a secret of the running server, the form of both credentials a
 * sign-in gives: the frontend's session cookie (Play's JWT session cookie, whose claims hold the session's
 * `data`) and the access token of type SESSION in it (upstream's GMS issues one per sign-in). A token
 * another server signed, changed in any byte, or past its `exp` is refused as a forgery is.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type Claims = Record<string, unknown>;

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export class SignedTokens {
  /** A new secret for every server unless one is given: a restart signs the users out, as a new DATAHUB_SECRET does. */
  constructor(private readonly secret: Buffer = randomBytes(32)) {}

  private signature(content: string): Buffer {
    return createHmac('sha256', this.secret).update(content).digest();
  }

  /** The token of these claims, with `iat` and `nbf` now and `exp` after `maxAgeSeconds`. */
  sign(claims: Claims, maxAgeSeconds: number, now = Date.now()): string {
    const seconds = Math.floor(now / 1000);
    const payload = { ...claims, nbf: seconds, iat: seconds, exp: seconds + maxAgeSeconds };
    const content = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${content}.${this.signature(content).toString('base64url')}`;
  }

  /** The claims of a token this server signed that has not expired; undefined for anything else. */
  verify(token: string, now = Date.now()): Claims | undefined {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
    const given = Buffer.from(parts[2] as string, 'base64url');
    const expected = this.signature(`${parts[0]}.${parts[1]}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(parts[1] as string, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (claims === null || typeof claims !== 'object') return undefined;
    const { exp, nbf } = claims as Claims;
    const seconds = now / 1000;
    if (typeof exp !== 'number' || exp <= seconds) return undefined;
    if (typeof nbf === 'number' && nbf > seconds + 1) return undefined;
    return claims as Claims;
  }
}
