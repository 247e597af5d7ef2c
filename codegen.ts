/**
 * graphql-codegen configuration, used by `npm run generate` (scripts/generate.ts) and by
 * `npx graphql-codegen --config codegen.ts`.
 *
 * typescript-operations gets a file of its own: it emits its own enums and input types, so next to
 * the `typescript` plugin it would declare them twice (TS2300 duplicate identifier).
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

const scalars = { Long: 'number' };

const config: CodegenConfig = {
  schema: 'spec/graphql/schema/*.graphql',
  // The documented operations and the example operation of each screen (GraphiQL's saved tabs): all typed.
  documents: ['spec/graphql/operations/*.graphql', 'spec/graphql/screens/*.graphql'],
  emitLegacyCommonJSImports: false,
  generates: {
    'generated/graphql/resolvers.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: { useTypeImports: true, enumsAsTypes: true, scalars },
    },
    'generated/graphql/operations.ts': {
      plugins: ['typescript-operations'],
      config: { useTypeImports: true, enumsAsTypes: true, scalars },
    },
  },
};

export default config;
