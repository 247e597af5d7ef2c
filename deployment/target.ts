/**
 * Where a live service is reached: its base URL, its GraphQL endpoint, the address forms (prefixes) to
 * call, the gateway that serves `/api/gms` in front of it, the bearer token, the protocol-version header
 * and how long a response may take (`--timeout-ms`, DEFAULT_TIMEOUT_MS when not given). Built once from a
 * command's options; every request to the service (transport.ts) and the proxy's raw exchange take their
 * addresses and their time limit from it.
 */
import { NAMESPACES, type Namespace } from '../spec/index.js';

/** The document's three address forms (the spec's `servers`). */
export const DEFAULT_PREFIXES = ['/api/gms', '/gms', ''] as const;
/** The address form DataHub's frontend serves in front of GMS. */
const GATEWAY_PREFIX = '/api/gms';
/** The protocol version every Rest.li request names. */
const PROTOCOL_VERSION = '2.0.0';
/**
 * How long a response of a live service may take, from connecting to its last byte, when `--timeout-ms`
 * is not given: seconds, not minutes, so a silent or trickling service stops a pull, a proxied request
 * or a suite's call instead of holding it.
 */
export const DEFAULT_TIMEOUT_MS = 10_000;

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
  /** Milliseconds a response may take, from connecting to its last byte (a request may set its own). */
  timeoutMs: number;
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
  /** Default DEFAULT_TIMEOUT_MS. */
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
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
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
 * request's target) and how long a response may take, from connecting to its last byte.
 */
export interface UpstreamTarget {
  url: URL;
  timeoutMs: number;
}

export function upstreamTarget(upstream: string, timeoutMs = DEFAULT_TIMEOUT_MS): UpstreamTarget {
  return { url: new URL(upstream), timeoutMs };
}
