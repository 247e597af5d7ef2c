/**
 * --redact, which `pull` and `proxy --record` both take: its definition, and its values read into the
 * pull's patterns (pull/), a pattern that is no regular expression being a bad command line.
 */
import { redactPatterns, RedactionPatternError } from '../pull/index.js';
import { UsageError, type OptionDefinitions } from './command-line.js';

export const REDACT_OPTION = {
  redact: {
    type: 'string',
    multiple: true,
    value: 'PATTERN',
    help: 'replace every match of this regular expression (emails, names) with a placeholder, the same text always the same one, so relationships survive; repeatable',
  },
} as const satisfies OptionDefinitions;

/** The patterns of --redact; a bad one is a UsageError naming it. */
export function redactOption(sources: readonly string[]): RegExp[] {
  try {
    return redactPatterns(sources);
  } catch (error) {
    if (error instanceof RedactionPatternError) throw new UsageError(`--redact '${error.source}': ${error.message}`);
    throw error;
  }
}
