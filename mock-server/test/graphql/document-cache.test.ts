/**
 * The GraphQL document cache keeps parsed documents by query text within a bound of documents and
 * one of bytes (a document weighs its text and TOKEN_BYTES per token), the oldest dropped first, and
 * never keeps a document heavier than a tenth of the bound: a kept text gives the same parsed
 * document again, a dropped one a new one.
 */
import { describe, expect, it } from 'vitest';
import {
  documentCache,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS,
  TOKEN_BYTES,
} from '../../graphql/transport/document-cache.js';

/** A query text of about `length` characters, told apart by `mark`. */
const query = (mark: string, length: number): string => `query ${mark} { __typename ${' '.repeat(length)}}`;

describe('the GraphQL document cache', () => {
  it('is bounded by bytes by default, not only by documents', () => {
    expect(MAX_DOCUMENTS).toBe(500);
    expect(MAX_DOCUMENT_BYTES).toBe(32 * 1024 * 1024);
  });

  it('keeps texts within the bound of characters, dropping the oldest first', () => {
    // Each text weighs about 270 characters and 7 tokens, some 1,320 bytes.
    const cache = documentCache(500, 15_000);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((mark) => query(mark, 250));
    const first = cache.parse(a as string);
    expect(cache.parse(a as string)).toBe(first);
    for (const text of [b, c, d]) cache.parse(text as string);
    // The four fit in 15,000 bytes, and stay.
    expect(cache.parse(a as string)).toBe(first);
    const many = Array.from({ length: 12 }, (_, i) => query(`m${i}`, 250));
    for (const text of many) cache.parse(text);
    // Twelve more pass 15,000 bytes: the oldest went, the newest stayed.
    expect(cache.parse(a as string)).not.toBe(first);
    const newest = cache.parse(many[11] as string);
    expect(cache.parse(many[11] as string)).toBe(newest);
  });

  it('never keeps a document heavier than a tenth of the bound', () => {
    const cache = documentCache(500, 15_000);
    const long = query('long', 600);
    expect(cache.parse(long)).not.toBe(cache.parse(long));
    const short = query('short', 100);
    expect(cache.parse(short)).toBe(cache.parse(short));
  });

  it('weighs a document by its tokens too: a short text of many tokens is heavier than a long one of few', () => {
    const cache = documentCache(500, 15_000 + 10 * TOKEN_BYTES);
    // 20 aliases of __typename: some 330 characters, but 63 tokens, over a tenth of the bound.
    const aliases = `query many { ${Array.from({ length: 20 }, (_, i) => `t${i}: __typename`).join(' ')} }`;
    expect(aliases.length).toBeLessThan(400);
    expect(cache.parse(aliases)).not.toBe(cache.parse(aliases));
    // A text of more characters and 7 tokens is kept.
    const spaces = query('spaces', 400);
    expect(cache.parse(spaces)).toBe(cache.parse(spaces));
  });
});
