/**
 * The settings of a session (`PUT /__mock/settings`): latency added to every request of the
 * session's API traffic, with random jitter on top, and the index lag of the session's store (how
 * long search, browse, relationships and time series reads wait to see a write). A setting is a
 * property of the document's Settings (spec/schemas/MockAdmin.yaml), which checks it, with its default here.
 */
import type { components } from '../../spec/types.js';

/** A PUT body, checked against its schema: the settings it changes. */
export type SettingsChange = components['schemas']['Settings'];
/** Every setting of a session: latencyMs added before every response, up to jitterMs more at random, indexLagMs the store's index lag. */
export type SessionSettings = Required<SettingsChange>;

export const DEFAULT_SETTINGS: SessionSettings = { latencyMs: 0, jitterMs: 0, indexLagMs: 0 };

/** The settings after a PUT: the fields given replace their values, the others stay. */
export function updatedSettings(current: SessionSettings, change: SettingsChange): SessionSettings {
  return { ...current, ...change };
}

/** A delay of `ms` plus up to `jitterMs` more, at random. */
export function jittered(ms: number, jitterMs: number): number {
  return ms + (jitterMs > 0 ? Math.floor(Math.random() * (jitterMs + 1)) : 0);
}

/**
 * `--latency MS` or `MIN-MAX` as settings (MIN-MAX: latencyMs MIN, jitterMs MAX − MIN); undefined
 * when the text is neither.
 */
export function parseLatency(text: string): Pick<SessionSettings, 'latencyMs' | 'jitterMs'> | undefined {
  const match = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  return max < min ? undefined : { latencyMs: min, jitterMs: max - min };
}
