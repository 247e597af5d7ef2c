/**
 * The settings of a session (`PUT /__mock/settings`): latency added to every request of the
 * session's API traffic, with random jitter on top, and the index lag of the session's store (how
 * long search, browse, relationships and time series reads wait to see a write). A setting is an
 * entry of SETTING_FIELDS with its check and its default.
 */
import { objectBody, wholeNumber, type Field } from './admin-input.js';

export interface SessionSettings {
  /** Added before every answer. */
  latencyMs: number;
  /** Up to this much more, at random, on top of latencyMs. */
  jitterMs: number;
  /** Derived reads see a write only this long after it (the store's index lag). */
  indexLagMs: number;
}

export const SETTING_FIELDS: { [K in keyof SessionSettings]: Field<SessionSettings[K]> } = {
  latencyMs: wholeNumber,
  jitterMs: wholeNumber,
  indexLagMs: wholeNumber,
};

export const DEFAULT_SETTINGS: SessionSettings = { latencyMs: 0, jitterMs: 0, indexLagMs: 0 };

/** The settings after a PUT: the fields given replace their values, the others stay. */
export function updatedSettings(current: SessionSettings, body: unknown): SessionSettings {
  const given = objectBody(body, Object.keys(SETTING_FIELDS));
  const next = { ...current };
  for (const [name, check] of Object.entries(SETTING_FIELDS) as [keyof SessionSettings, Field<number>][]) {
    if (given[name] !== undefined) next[name] = check(given[name], `body.${name}`);
  }
  return next;
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
