/**
 * The face of `deployment/`, the one client for live services: the target (where a deployment is
 * reached, built once from a command's options), the transport every request to it goes through, and
 * the readers of its responses in either shape. The suite, the pull and the proxy import this file only.
 */
export { baseUrlOf, DEFAULT_PREFIXES, deploymentTarget, protocolHeaders, upstreamTarget } from './target.js';
export type { DeploymentTarget, TargetOptions, UpstreamTarget } from './target.js';
export { send } from './transport.js';
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
