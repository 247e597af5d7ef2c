/**
 * The start-up state's clock: every time the start-up data is stamped with (the sample catalog's
 * history, which ends on it, the system ownership types, a seed entry without a `lastObserved` of its
 * own) is reckoned from one reference time, midnight UTC of the reference day. By default that is
 * the day the mock starts, so the sample's last 30 days are the calendar's last 30 days and a
 * frontend's "last month" reads find them; a fixed `referenceDay` gives the same state, and the same
 * snapshot digests, on every day.
 */
export const DAY_MS = 86_400_000;

const DAY_FORMAT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of `YYYY-MM-DD`, or undefined when the text is not a day of the calendar. */
export function parseReferenceDay(text: string): number | undefined {
  const match = DAY_FORMAT.exec(text);
  if (!match) return undefined;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Date.UTC carries an impossible day over (2026-02-30 is March 2nd): only a day that reads back as written is one.
  return new Date(time).toISOString().startsWith(text) ? time : undefined;
}

/** The reference time of the option as given, or of the day `now` falls on. */
export function referenceTime(referenceDay: string | undefined, now: number = Date.now()): number {
  if (referenceDay === undefined) return Math.floor(now / DAY_MS) * DAY_MS;
  const time = parseReferenceDay(referenceDay);
  if (time === undefined)
    throw new TypeError(`referenceDay '${referenceDay}': expected a day of the calendar as YYYY-MM-DD`);
  return time;
}
