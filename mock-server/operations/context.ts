/** What the operations actions receive besides the store and the body: the caller, the server's tasks and its profile. */
import type { Profile } from '../profile.js';
import type { WriteContext } from '../store/types.js';
import type { TaskRegistry } from './task-registry.js';

export interface OperationsContext extends Pick<WriteContext, 'actor' | 'now'> {
  tasks: TaskRegistry;
  /** Whose behaviour to reproduce where the document and upstream differ (default: the document's). */
  profile?: Profile;
}
