// A component file as a team writes one: its operations in gql tagged templates.
import { gql } from '@apollo/client';

// gql`query inAComment { nothing }` is no operation: it is inside a comment.
const hint = 'gql`query inAString { nothing }` is no operation either';

/** The same fragment as fragments.graphql, word for word: kept once. */
export const DATASET_FIELDS = gql`
  fragment datasetFields on Dataset {
    urn
    properties {
      name
      description
    }
  }
`;

export const GET_PLATFORM = gql`
  ${DATASET_FIELDS}
  query getPlatform($urn: String!) {
    dataPlatform(urn: $urn) {
      urn
      name
    }
  }
`;

export function PlatformTitle({ name }: { name: string }) {
  return <h1 title={hint}>{`${name}`}</h1>;
}
