/** What the operations actions receive besides the store and the body: the caller and the server's tasks. */
import type { WriteContext } from '../store/types.js';
import type { TaskRegistry } from './task-registry.js';

export interface OperationsContext extends Pick<WriteContext, 'actor' | 'now'> {
  tasks: TaskRegistry;
}
