/**
 * Where a live service is reached: its base URL, its GraphQL endpoint, the address forms (prefixes) to
 * call, the gateway that serves `/api/gms` in front of it, the bearer token, the protocol-version header
 * and how long a response may take. Built once from a command's options; every request to the service
 * (transport.ts) and the proxy's raw exchange take their addresses from it.
 */
import { NAMESPACES, type Namespace } from '../spec/index.js';

/** The document's three address forms (the spec's `servers`). */
export const DEFAULT_PREFIXES = ['/api/gms', '/gms', ''] as const;
/** The address form DataHub's frontend serves in front of GMS. */
const GATEWAY_PREFIX = '/api/gms';
/** The protocol version every Rest.li request names. */
const PROTOCOL_VERSION = '2.0.0';

/**
 * The address forms a run checks by default: the document's three, or for a real deployment (li) the bare
 * prefix GMS serves (ServletConfig) plus the frontend's `/api/gms` proxy when its address is given.
 */
function defaultPrefixes(namespace: Namespace, gatewayUrl: string | undefined): string[] {
  if (namespace !== 'li') return [...DEFAULT_PREFIXES];
  return gatewayUrl ? ['', GATEWAY_PREFIX] : [''];
}

export interface DeploymentTarget {
  /** Without a trailing slash. */
  baseUrl: string;
  graphqlUrl: string;
  /** The address forms to call, the first the one behavioural requests use. */
  prefixes: string[];
  /** Where `/api/gms` is served when not at baseUrl (DataHub's frontend in front of GMS). */
  gatewayUrl: string | undefined;
  token: string | undefined;
  protocolHeader: { name: string; value: string };
  /** How long a response may take, for the requests that set a limit; undefined for none. */
  timeoutMs: number | undefined;
}

export interface TargetOptions {
  baseUrl: string;
  /** Default `<baseUrl>/api/graphql`. */
  graphqlUrl?: string;
  /** Default: defaultPrefixes(namespace, gatewayUrl). */
  prefixes?: string[];
  gatewayUrl?: string;
  /** The names of the deployment (svc by default): the default prefixes and the protocol header. */
  namespace?: Namespace;
  token?: string;
  /** The protocol header's name when not the namespace's. */
  protocolHeaderName?: string;
  timeoutMs?: number;
}

export function deploymentTarget(options: TargetOptions): DeploymentTarget {
  const namespace = options.namespace ?? 'svc';
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const gatewayUrl = options.gatewayUrl?.replace(/\/+$/, '');
  return {
    baseUrl,
    graphqlUrl: options.graphqlUrl ?? `${baseUrl}/api/graphql`,
    prefixes: options.prefixes?.length ? options.prefixes : defaultPrefixes(namespace, gatewayUrl),
    gatewayUrl,
    token: options.token,
    protocolHeader: {
      name: options.protocolHeaderName ?? NAMESPACES[namespace].protocolHeader,
      value: PROTOCOL_VERSION,
    },
    timeoutMs: options.timeoutMs,
  };
}

/** The base URL a prefix is served at: the gateway's for `/api/gms` when one is given, else the target's. */
export function baseUrlOf(target: DeploymentTarget, prefix: string): string {
  return prefix === GATEWAY_PREFIX && target.gatewayUrl ? target.gatewayUrl : target.baseUrl;
}

/** The protocol header as a header record. */
export function protocolHeaders(target: DeploymentTarget): Record<string, string> {
  return { [target.protocolHeader.name]: target.protocolHeader.value };
}

/**
 * The proxy's upstream: the address exactly as given (its path is kept byte for byte before each
 * request's target) and how long a response may take (undefined: no limit).
 */
export interface UpstreamTarget {
  url: URL;
  timeoutMs: number | undefined;
}

export function upstreamTarget(upstream: string, timeoutMs?: number): UpstreamTarget {
  return { url: new URL(upstream), timeoutMs };
}
