/**
 * The face of `deployment/`, the one client for live services: the target (where a deployment is
 * reached, built once from a command's options, and how long it may take to answer), the transport every
 * request to it goes through (its limits: time, size, redirects, and the errors that say so), and the
 * readers of its responses in either shape. The suite, the pull and the proxy import this file only.
 */
export {
  baseUrlOf,
  DEFAULT_PREFIXES,
  DEFAULT_TIMEOUT_MS,
  deploymentTarget,
  protocolHeaders,
  upstreamTarget,
} from './target.js';
export type { DeploymentTarget, TargetOptions, UpstreamTarget } from './target.js';
export {
  MAX_RESPONSE_BYTES,
  RedirectRefusedError,
  ResponseTimeoutError,
  ResponseTooLargeError,
  send,
  whyNoResponse,
} from './transport.js';
export type { DeploymentRequest, DeploymentResponse } from './transport.js';
export {
  browseGroups,
  browseUrns,
  hitUrns,
  relatedUrns,
  restliEncode,
  restliList,
  type BrowseGroup,
} from './response-shapes.js';
