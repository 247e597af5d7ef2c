/**
 * The settings of a session (`PUT /__mock/settings`): latency added to every request of the
 * session's API traffic, with random jitter on top, and the index lag of the session's store (how
 * long search, browse, relationships and time series reads wait to see a write). A setting is a
 * property of the document's Settings (spec/schemas/MockAdmin.yaml), which checks it, with its default here.
 */
import type { components } from '../../spec/types.js';
import { badRequest } from '../errors.js';
import { MAX_TIMER_MS } from '../options.js';

/** A PUT body, checked against its schema: the settings it changes. */
export type SettingsChange = components['schemas']['Settings'];
/** Every setting of a session: latencyMs added before every response, up to jitterMs more at random, indexLagMs the store's index lag. */
export type SessionSettings = Required<SettingsChange>;

export const DEFAULT_SETTINGS: SessionSettings = { latencyMs: 0, jitterMs: 0, indexLagMs: 0 };

/** The settings after a PUT: the fields given replace their values, the others stay; a 400 when the delay passes what a timer holds. */
export function updatedSettings(current: SessionSettings, change: SettingsChange): SessionSettings {
  const updated = { ...current, ...change };
  checkDelay('body', updated.latencyMs, 'latencyMs', updated.jitterMs);
  return updated;
}

/**
 * A 400 naming the field when a delay and its jitter together pass MAX_TIMER_MS, the longest delay
 * node's timers hold (each is an int32 by its schema, their sum need not be).
 */
export function checkDelay(at: string, ms: number, field: string, jitterMs: number): void {
  if (ms + jitterMs > MAX_TIMER_MS)
    throw badRequest(
      `${at}.jitterMs: ${field} + jitterMs must be at most ${MAX_TIMER_MS} ms (the longest timer), got ${ms} + ${jitterMs}`,
    );
}

/** A delay of `ms` plus up to `jitterMs` more, at random. */
export function jittered(ms: number, jitterMs: number): number {
  return ms + (jitterMs > 0 ? Math.floor(Math.random() * (jitterMs + 1)) : 0);
}

/**
 * `--latency MS` or `MIN-MAX` as settings (MIN-MAX: latencyMs MIN, jitterMs MAX − MIN); undefined
 * when the text is neither, or asks for more than MAX_TIMER_MS.
 */
export function parseLatency(text: string): Pick<SessionSettings, 'latencyMs' | 'jitterMs'> | undefined {
  const match = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  return max < min || max > MAX_TIMER_MS ? undefined : { latencyMs: min, jitterMs: max - min };
}
