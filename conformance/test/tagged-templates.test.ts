/** The gql tagged templates of a code file, as graphql-tag-pluck finds them for codegen: table-driven. */
import { describe, expect, it } from 'vitest';
import { taggedTemplates } from '../operations/tagged-templates.js';

describe('taggedTemplates', () => {
  it.each([
    { given: 'const q = gql`query a { x }`;', want: ['query a { x }'] },
    { given: 'const q = graphql`query a { x }`;', want: ['query a { x }'] },
    { given: 'const q = gql(`query a { x }`);', want: ['query a { x }'] },
    { given: 'const q = /* GraphQL */ `query a { x }`;', want: ['query a { x }'] },
    { given: 'const q = gql`${FRAGMENT}\nquery a { ...f }`;', want: ['\nquery a { ...f }'] },
    { given: 'const s = `not a document`;', want: [] },
    { given: 'const s = api.gql`query a { x }`;', want: [] },
    { given: "// gql`query a { x }`\nconst s = 'gql`query b { y }`';", want: [] },
    { given: '/* gql`query a { x }` */ const n = 1;', want: [] },
    { given: 'const t = `outer ${gql`query inner { x }`} end`;', want: ['query inner { x }'] },
    { given: 'const q = gql`query a { x(s: "\\`") }`;', want: ['query a { x(s: "`") }'] },
  ])('$given', ({ given, want }) => {
    expect(taggedTemplates(given).map((t) => t.text)).toEqual(want);
  });

  it('gives the line each template starts on', () => {
    expect(taggedTemplates('\n\nconst q = gql`\n  query a { x }\n`;').map((t) => t.line)).toEqual([3]);
  });
});
