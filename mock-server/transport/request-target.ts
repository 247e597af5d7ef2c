/**
 * The request target as every later step sees it, worked out once: in origin form (`/path?query`),
 * whatever form the client sent (HTTP/1.1 servers accept the absolute form, `GET http://host/path`,
 * RFC 9112 section 3.2.2), and refused with a 400 when its path holds a dot segment (`.` or `..`,
 * percent-encoded or not). A URL parser would resolve those segments, so that
 * `http://x/__session/s/../../__mock/reset` reached the default session's admin while its origin
 * form did not; here neither form reaches anything, and the session prefix and the admin check see
 * the path exactly as it was sent.
 */
import { badRequest } from '../errors.js';

/** The scheme and authority of a target in absolute form (`http://host:port`), the rest being its path and query. */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/** A dot segment of a path, raw or percent-encoded (`%2e`), as RFC 3986 section 5.2.4 would remove it. */
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/** The target in origin form; a 400 naming the path when it holds a dot segment. */
export function originFormTarget(target: string): string {
  let url = target;
  if (url[0] !== '/') {
    const absolute = ABSOLUTE_FORM.exec(url);
    // Anything else (`*` of OPTIONS, authority form) is left to the handlers, which refuse it.
    if (!absolute) return url;
    url = url.slice(absolute[0].length);
    if (url[0] !== '/') url = `/${url}`;
  }
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (DOT_SEGMENT.test(path))
    throw badRequest(`path: '.' and '..' segments are not allowed in a request target, got '${path}'`);
  return url;
}
