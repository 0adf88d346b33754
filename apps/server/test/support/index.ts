/** Test helpers shared by the server's and the worker's suites (exported as @ppp/server/test-support). */
export { createTestDatabase, openTestOrm, resetDatabase } from './database.ts';
export { uniqueEmail, uniqueIp, testConfig, servicesFor, codeIn, PASSWORD, registration, registerAccount } from './fixtures.ts';
import './provided-context.ts';
export { tempDir, toneFile, pngFile, fakeAudio, fileOfSize, sha256, uploadForm } from './audio-files.ts';
export { startFeedServer, buildFeed, manyItems, type FeedServer, type FeedRoute, type GeneratedItem } from './feed-server.ts';
export { SpreakerSandbox } from './spreaker-sandbox.ts';
export { coverPng, seedAssembledEpisode, seedShow, type SeedEpisodeOptions } from './episodes.ts';
export { connectSpreakerAccount, cookiesOf } from './spreaker-connect.ts';
export { startS3StandIn, s3Env, type S3StandIn } from './s3-stand-in.ts';
export { startStripeStandIn, stripeEnv, stockStandIn, STAND_IN_SECRET_KEY, type StripeStandIn } from './stripe-stand-in.ts';
export {
  createTusUpload,
  patchTusChunk,
  tusOffsetOn,
  tusIdOf,
  tusUploadAcross,
  tusMediaItemOf,
  filesUnder,
  type TusHost,
} from './tus-client.ts';
export {
  startTranscriptionStandIn,
  transcriptionEnv,
  verboseJson,
  TRANSCRIPTION_STAND_IN_KEY,
  type StandInWord,
  type TranscriptionStandIn,
} from './transcription-stand-in.ts';
export { decodedMs, spokenSlots, type SpokenSlotsOptions } from './spoken-slots.ts';
