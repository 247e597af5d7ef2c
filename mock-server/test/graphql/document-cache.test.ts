/**
 * The GraphQL document cache keeps parsed documents by query text within a bound of documents and
 * one of characters, the oldest dropped first, and never keeps a text longer than a tenth of the
 * characters' bound: a kept text gives the same parsed document again, a dropped one a new one.
 */
import { describe, expect, it } from 'vitest';
import { documentCache, MAX_DOCUMENT_CHARACTERS, MAX_DOCUMENTS } from '../../graphql/transport/document-cache.js';

/** A query text of about `length` characters, told apart by `mark`. */
const query = (mark: string, length: number): string => `query ${mark} { __typename ${' '.repeat(length)}}`;

describe('the GraphQL document cache', () => {
  it('is bounded by characters of query text by default, not only by documents', () => {
    expect(MAX_DOCUMENTS).toBe(500);
    expect(MAX_DOCUMENT_CHARACTERS).toBe(8 * 1024 * 1024);
  });

  it('keeps texts within the bound of characters, dropping the oldest first', () => {
    const cache = documentCache(500, 3_000);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((mark) => query(mark, 250));
    const first = cache.parse(a as string);
    expect(cache.parse(a as string)).toBe(first);
    for (const text of [b, c, d]) cache.parse(text as string);
    // Each text is about 270 characters: the four fit in 3,000, and stay.
    expect(cache.parse(a as string)).toBe(first);
    const many = Array.from({ length: 12 }, (_, i) => query(`m${i}`, 250));
    for (const text of many) cache.parse(text);
    // Twelve more pass 3,000 characters: the oldest went, the newest stayed.
    expect(cache.parse(a as string)).not.toBe(first);
    const newest = cache.parse(many[11] as string);
    expect(cache.parse(many[11] as string)).toBe(newest);
  });

  it('never keeps a text longer than a tenth of the bound', () => {
    const cache = documentCache(500, 3_000);
    const long = query('long', 400);
    expect(cache.parse(long)).not.toBe(cache.parse(long));
    const short = query('short', 100);
    expect(cache.parse(short)).toBe(cache.parse(short));
  });
});
