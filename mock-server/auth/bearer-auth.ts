/**
 * Bearer tokens and the access decision. Kept free of express so the GraphQL endpoint makes the same
 * decision: `requiresToken` says whether a kind of request needs a token in a mode, `authorize`
 * turns the Authorization header into the caller (the actor of its writes) or a 401/403 RestliError.
 */
import { tryParseUrn, type NamespaceNames } from '../../spec/index.js';
import { RestliError } from '../errors.js';
import { PersonalTokens } from './personal-tokens.js';
import { SessionTokens } from './session-tokens.js';

/** standard: the spec's protected endpoints (operations, test, GraphQL mutations); all: every API request; off: none. */
export type AuthMode = 'standard' | 'all' | 'off';
export const AUTH_MODES: readonly AuthMode[] = ['standard', 'all', 'off'];

/** admin may read and write; reader may only read (the metadata-store API's decision). */
export type Role = 'admin' | 'reader';

/** Upstream's built-in roles (the roles of its default policies). */
export type UpstreamRole = 'Admin' | 'Editor' | 'Reader';
export const UPSTREAM_ROLES: readonly UpstreamRole[] = ['Admin', 'Editor', 'Reader'];

export interface TokenGrant {
  token: string;
  user: string;
  role: Role;
  /** The built-in role assigned to the user at start; without one, Admin for `admin` and Reader for `reader`. */
  upstreamRole?: UpstreamRole;
}

/** The built-in role a grant assigns its user at start. */
export const upstreamRoleOf = (grant: TokenGrant): UpstreamRole =>
  grant.upstreamRole ?? (grant.role === 'reader' ? 'Reader' : 'Admin');

/** The metadata-store API's role of a built-in role: an Admin or Editor may write, a Reader only read. */
export function accessRole(role: UpstreamRole): Role {
  return role === 'Reader' ? 'reader' : 'admin';
}

/**
 * protected: the contract requires a token (operations, test evaluate, GraphQL mutations);
 * open: the rest of the API; exempt: the reference page, admin and health, never guarded.
 */
export type AccessKind = 'protected' | 'open' | 'exempt';

export interface AuthConfig {
  mode: AuthMode;
  tokens: ReadonlyMap<string, TokenGrant>;
  /** The access tokens sign-ins give (the frontend gateway's `POST /logIn`), accepted as the configured ones are. */
  sessionTokens: SessionTokens;
  /** The personal access tokens GraphQL's createAccessToken and getAccessToken issue, until revoked. */
  personalTokens: PersonalTokens;
  /** The actor of requests without a token, `urn:<ns>:corpuser:UNKNOWN`. */
  anonymousActor: string;
}

export interface Caller {
  /** The user URN written as actor of this caller's writes. */
  user: string;
  role: Role | 'anonymous';
}

export interface AccessRequest {
  /** The raw Authorization header, if any. */
  authorization?: string | undefined;
  kind: AccessKind;
  write: boolean;
  /** The entity a write targets, for the 403 message. */
  target?: string | undefined;
}

/** The tokens available when none are configured, one user per built-in role; printed at start-up. */
export function defaultTokens(names: NamespaceNames): TokenGrant[] {
  return [
    { token: 'admin-token', user: `${names.urnPrefix}corpuser:datahub`, role: 'admin' },
    { token: 'reader-token', user: `${names.urnPrefix}corpuser:reader`, role: 'reader' },
    { token: 'editor-token', user: `${names.urnPrefix}corpuser:editor`, role: 'admin', upstreamRole: 'Editor' },
  ];
}

/**
 * Parses `TOKEN=USER_URN[:ROLE]`, ROLE one of upstream's built-in roles (Admin, Editor, Reader) or the mock's
 * `admin`/`reader` (Admin when omitted). A trailing role is a role only when what precedes it is still a URN,
 * so `urn:svc:corpuser:reader` names a user.
 */
export function parseTokenGrant(text: string): TokenGrant | string {
  const eq = text.indexOf('=');
  if (eq <= 0) return `--token '${text}': expected TOKEN=USER_URN[:Admin|Editor|Reader]`;
  const token = text.slice(0, eq);
  let user = text.slice(eq + 1);
  let role: Role = 'admin';
  let upstreamRole: UpstreamRole | undefined;
  const suffix = /:(admin|reader|Admin|Editor|Reader)$/.exec(user);
  if (suffix && tryParseUrn(user.slice(0, suffix.index))) {
    const given = suffix[1] as string;
    if ((UPSTREAM_ROLES as readonly string[]).includes(given)) {
      upstreamRole = given as UpstreamRole;
      role = accessRole(upstreamRole);
    } else role = given as Role;
    user = user.slice(0, suffix.index);
  }
  if (!tryParseUrn(user)) return `--token '${text}': '${user}' is not a user URN`;
  return upstreamRole ? { token, user, role, upstreamRole } : { token, user, role };
}

export function authConfig(mode: AuthMode, grants: readonly TokenGrant[], names: NamespaceNames): AuthConfig {
  return {
    mode,
    tokens: new Map(grants.map((g) => [g.token, g])),
    sessionTokens: new SessionTokens(names.urnPrefix),
    personalTokens: new PersonalTokens(names.urnPrefix),
    anonymousActor: `${names.urnPrefix}corpuser:UNKNOWN`,
  };
}

export function requiresToken(mode: AuthMode, kind: AccessKind): boolean {
  if (kind === 'exempt' || mode === 'off') return false;
  return mode === 'all' || kind === 'protected';
}

export function bearerToken(header: string | undefined): string | undefined {
  // Most requests have no Authorization header: no pattern to run.
  if (header === undefined) return undefined;
  return /^\s*Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
}

/** The grant of a bearer token: a configured token, a sign-in's access token or a personal one, unexpired and not revoked. */
export function grantOf(config: AuthConfig, token: string | undefined): TokenGrant | undefined {
  if (token === undefined) return undefined;
  return config.tokens.get(token) ?? config.sessionTokens.grantOf(token) ?? config.personalTokens.grantOf(token);
}

/** The caller of a request, or a 401 (token missing or unknown where one is checked) / 403 (reader writing). */
export function authorize(config: AuthConfig, request: AccessRequest): Caller {
  const token = bearerToken(request.authorization);
  const grant = grantOf(config, token);
  if (config.mode === 'off')
    return grant ? { user: grant.user, role: grant.role } : { user: config.anonymousActor, role: 'anonymous' };
  if (request.authorization !== undefined && request.kind !== 'exempt' && !grant) {
    throw new RestliError(
      401,
      token === undefined ? 'Authorization header is not a bearer token' : 'Unknown or expired access token',
    );
  }
  if (!grant) {
    if (requiresToken(config.mode, request.kind))
      throw new RestliError(401, 'Authentication required: send Authorization: Bearer <ACCESS_TOKEN>');
    return { user: config.anonymousActor, role: 'anonymous' };
  }
  if (request.write && grant.role === 'reader') {
    const target = request.target ? ` ${request.target}` : '';
    throw new RestliError(403, `User ${grant.user} is unauthorized to modify entity${target}`);
  }
  return { user: grant.user, role: grant.role };
}
