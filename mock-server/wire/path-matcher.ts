/**
 * An operation's path template (`/entitiesV2/{urn}`) as a matcher of request paths, its parameters
 * decoded as Rest.li keys are: the router's routes and the HAR reader's sorting of captured entries
 * (../seed/har-file.ts) match paths alike.
 */
import { decodeComponent } from './restli-query.js';

/** The path parameters of a path that matches, by name; undefined when it does not. */
export type PathMatch = (path: string) => Record<string, string> | undefined;

/** `/entitiesV2/{urn}` as a matcher; the last parameter takes the rest of the path, as a raw URN may hold slashes. */
export function pathMatcher(path: string): PathMatch {
  const names: string[] = [];
  const segments = path.split('/').filter(Boolean);
  const source = segments
    .map((segment, i) => {
      const param = /^\{(.+)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1] ?? '');
      return i === segments.length - 1 ? '(.+?)' : '([^/]+)';
    })
    .join('/');
  const regex = new RegExp(`^/${source}/?$`);
  return (requestPath) => {
    const m = regex.exec(requestPath);
    if (!m) return undefined;
    const params: Record<string, string> = {};
    names.forEach((name, i) => (params[name] = decodeComponent(m[i + 1] ?? '', `path.${name}`)));
    return params;
  };
}
