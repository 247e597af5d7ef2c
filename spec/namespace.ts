/**
 * The namespace setting. The spec is written once in the interface document's notation (`svc`);
 * every consumer asks for another namespace through `inNamespace`, which rewrites the four prefixes
 * and nothing else. No other module spells a prefix.
 */
export type Namespace = 'svc' | 'li';

export interface NamespaceNames {
  namespace: Namespace;
  /** URN prefix, `urn:svc:` or `urn:li:`. */
  urnPrefix: string;
  /** Prefix of fully qualified record names used as union keys, `com.svc.` or `com.linkedin.`. */
  recordPrefix: string;
  /** Name of the protocol-version header. */
  protocolHeader: string;
  /** Path of the built-in API reference page. */
  docsPath: string;
}

export const NAMESPACES: Readonly<Record<Namespace, NamespaceNames>> = {
  svc: {
    namespace: 'svc',
    urnPrefix: 'urn:svc:',
    recordPrefix: 'com.svc.',
    protocolHeader: 'X-Svc-Protocol-Version',
    docsPath: '/svc/docs',
  },
  li: {
    namespace: 'li',
    urnPrefix: 'urn:li:',
    recordPrefix: 'com.linkedin.',
    protocolHeader: 'X-RestLi-Protocol-Version',
    docsPath: '/restli/docs',
  },
};

export function isNamespace(value: unknown): value is Namespace {
  return value === 'svc' || value === 'li';
}

const PREFIX_KEYS = ['urnPrefix', 'recordPrefix', 'protocolHeader', 'docsPath'] as const;

/** Rewrites the four prefixes of the spec's notation (`svc`) in a piece of text into `ns`. */
export function rewriteNamespace(text: string, ns: Namespace, from: Namespace = 'svc'): string {
  if (ns === from) return text;
  let out = text;
  for (const key of PREFIX_KEYS) out = out.split(NAMESPACES[from][key]).join(NAMESPACES[ns][key]);
  return out;
}

/** Deep copy of a JSON value with every key and string rewritten from the spec's notation into `ns`. */
export function inNamespace<T>(value: T, ns: Namespace, from: Namespace = 'svc'): T {
  if (ns === from) return value;
  return JSON.parse(rewriteNamespace(JSON.stringify(value), ns, from)) as T;
}
