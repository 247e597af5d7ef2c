/**
 * The analyzer of text and URN values, in the spirit of upstream's word-delimiter analyzers: words
 * split at every character that is not a letter or digit (so dots, underscores, slashes, commas,
 * parentheses and colons all delimit, and URNs fall apart into their parts), then again at case
 * changes and letter/digit changes. Index tokens keep each whole word as well as its parts, so
 * `SampleKafkaDataset` is found by `sample`, by `kafka dataset` and by `samplekafkadataset`.
 */
const WORD_DELIMITER = /[^\p{L}\p{N}]+/u;
const WORD_PARTS = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|[^\p{Lu}\p{Ll}\p{N}]+/gu;

function words(text: string): string[] {
  return text.split(WORD_DELIMITER).filter((w) => w.length > 0);
}

function parts(word: string): string[] {
  return (word.match(WORD_PARTS) ?? [word]).map((p) => p.toLowerCase());
}

/** Distinct tokens of a stored value: every word and every part of it, lower-cased. */
export function indexTokens(value: string): string[] {
  const out = new Set<string>();
  for (const word of words(value)) {
    out.add(word.toLowerCase());
    for (const part of parts(word)) out.add(part);
  }
  return [...out];
}

/**
 * Tokens of a query text, in order: the parts of each word. A word that has parts is looked up by
 * its parts, so `SampleKafka` also finds `sample_kafka`.
 */
export function queryTokens(text: string): string[] {
  return words(text).flatMap(parts);
}
