/**
 * The people who may sign in through the frontend gateway (`POST /logIn`), each with a password and one
 * of upstream's built-in roles. Upstream's quickstart signs in with `datahub`/`datahub` (the JAAS user
 * file datahub-frontend/conf/user.props, v1.3.0.1); that account is always there, and `--user` adds more.
 * Each account's role is assigned to its user at start (its roleMembership); GraphQL's privileges follow the stored
 * policies and roles, the metadata-store API's writes the role (bearer-auth.ts: Admin and Editor write, Reader reads).
 */
import { UPSTREAM_ROLES, type UpstreamRole } from './bearer-auth.js';

export { accessRole, UPSTREAM_ROLES, type UpstreamRole } from './bearer-auth.js';

export interface UserAccount {
  /** The user name, the id of the corpuser URN (`urn:<ns>:corpuser:<name>`). */
  name: string;
  password: string;
  role: UpstreamRole;
}

/** Quickstart's well-known account. */
export const DEFAULT_USERS: readonly UserAccount[] = [{ name: 'datahub', password: 'datahub', role: 'Admin' }];

// A name travels in a cookie value and a URN: no separator, space, quote or backslash.
const NAME = /^[^\s:;,"\\()]+$/;

/** Parses `NAME:PASSWORD[:ROLE]` (role Admin when omitted); the message of a usage error otherwise. */
export function parseUserAccount(text: string): UserAccount | string {
  const first = text.indexOf(':');
  if (first <= 0) return `--user '${text}': expected NAME:PASSWORD[:ROLE]`;
  const name = text.slice(0, first);
  if (!NAME.test(name))
    return `--user '${text}': the name '${name}' may not hold spaces, quotes, commas, semicolons or parentheses`;
  let password = text.slice(first + 1);
  let role: UpstreamRole = 'Admin';
  const suffix = /:([^:]*)$/.exec(password);
  if (suffix && (UPSTREAM_ROLES as readonly string[]).includes(suffix[1] as string)) {
    role = suffix[1] as UpstreamRole;
    password = password.slice(0, suffix.index);
  }
  if (!password) return `--user '${text}': the password is empty`;
  return { name, password, role };
}

/** The accounts a server accepts: the default ones, each replaced by a given account of the same name, then the rest given. */
export function userAccounts(given: readonly UserAccount[] = []): UserAccount[] {
  const byName = new Map<string, UserAccount>();
  for (const account of [...DEFAULT_USERS, ...given]) byName.set(account.name, account);
  return [...byName.values()];
}
