/**
 * The error of a request whose body does not pick one operation of its document: an `operationName`
 * naming none of them, or none given for a document of several. Each message starts with the words of
 * upstream's graphql-java (its UnknownOperationException, answered with 200 by GraphQLController.java in
 * metadata-service/graphql-servlet-impl, v1.3.0.1) and goes on to name `operationName` and the
 * operations the document defines.
 */
import type { DocumentNode, OperationDefinitionNode } from 'graphql';

/** The operation names of a document, an unnamed one as `(unnamed)`. */
function operationNames(document: DocumentNode): string[] {
  return document.definitions
    .filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition')
    .map((operation) => operation.name?.value ?? '(unnamed)');
}

/** The message for a request naming `operationName` (or none) that picks no operation of `document`. */
export function operationChoiceError(document: DocumentNode, operationName: string | null): string {
  const names = operationNames(document);
  if (operationName === null)
    return `Must provide operation name if query contains multiple operations. Set operationName to one of: ${names.join(', ')}.`;
  return `Unknown operation named '${operationName}'. operationName must name an operation of the document (it defines: ${names.join(', ')}) or be left out.`;
}
