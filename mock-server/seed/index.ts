export {
  readSeedFile,
  seedProposals,
  SeedFileError,
  type SeedFile,
  type SeedProposal,
  type SeedSkip,
  type SeedSummary,
  type SeedEntryFormat,
} from './seed-file.js';
export { checkProposals, summariseChecks, type ProposalCheck, type ProposalCheckSummary } from './proposal-check.js';
export { normaliseAvroJson, dropNulls } from './avro-json.js';
export { replayHar, describeHarReplay, HarFileError, type HarReplay, type HarNote } from './har-replay.js';
