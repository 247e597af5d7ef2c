/**
 * The command runs as a program in production: unless NODE_ENV says production, graphql-js tests each type
 * check against a second copy of itself that an application might have bundled beside it, a fifth of the
 * execution of a large query (the web app's lineage graph). Imported before any module that loads graphql;
 * a NODE_ENV of the caller's own is kept (the tests' in-process servers run under NODE_ENV=test, with the checks).
 */
process.env.NODE_ENV ??= 'production';
