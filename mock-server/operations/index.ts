/** The operations actions of document §4.2, each over the store with the validated body; the HTTP layer wires them. */
export type { OperationsContext } from './context.js';
export { getIndexSizes, indexSizes, type IndexSize } from './index-sizes.js';
export { restoreIndices, type RestoreIndicesRequest } from './restore-indices.js';
export { TaskRegistry, type TaskRegistryOptions, type TaskStatusReport } from './task-registry.js';
export { getEsTaskStatus, type TaskStatusRequest } from './task-status.js';
export { truncateTimeseriesAspect, type TruncateRequest } from './timeseries-truncation.js';
