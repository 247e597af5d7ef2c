/**
 * The harness of the frontend gateway's tests: a browser's side of datahub-frontend's routes, with the
 * cookies a browser keeps (a jar per visitor) and redirects left unfollowed, as the app's pages see them.
 */
import type { MockServer } from '../index.js';

export interface FrontendReply {
  status: number;
  headers: Headers;
  text: string;
  json: any;
  /** The `Set-Cookie` values of the response. */
  setCookies: string[];
}

/** A visitor: the cookies the server has set, sent back on every request, as a browser does. */
export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly server: MockServer,
    /** Where the visitor's requests go below the server's address (a session's prefix, `/__session/<id>`). */
    readonly base = '',
  ) {}

  async send(
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<FrontendReply> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(this.server.url + this.base + path, { method, headers, body, redirect: 'manual' });
    const setCookies = response.headers.getSetCookie();
    for (const cookie of setCookies) {
      const [pair = '', ...attributes] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const discarded = attributes.some((a) => a.trim().toLowerCase() === 'max-age=0');
      if (discarded) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1).trim());
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json, setCookies };
  }

  /** `POST /logIn` as the app's sign-in page sends it (src/app/auth/LogIn.tsx). */
  logIn(username: string, password: string): Promise<FrontendReply> {
    return this.send('POST', '/logIn', { body: { username, password } });
  }

  /** A GraphQL request as the app's Apollo client sends it: to /api/v2/graphql, with the cookies. */
  graphql(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<FrontendReply> {
    return this.send('POST', '/api/v2/graphql', {
      body: { query, ...(variables ? { variables } : {}) },
      ...(headers ? { headers } : {}),
    });
  }
}

/** The attributes of a `Set-Cookie` value, by lower-cased name (a flag's value is ''), with `name` and `value`. */
export function cookieAttributes(setCookie: string): Record<string, string> {
  const [pair = '', ...attributes] = setCookie.split(';');
  const eq = pair.indexOf('=');
  const parsed: Record<string, string> = { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim() };
  for (const attribute of attributes) {
    const at = attribute.indexOf('=');
    const key = (at < 0 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
    parsed[key] = at < 0 ? '' : attribute.slice(at + 1).trim();
  }
  return parsed;
}
