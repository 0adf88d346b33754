// The built-in host's feed: pure functions, no database and no HTTP.
export * from './podcast-guid.ts';
export * from './build-feed.ts';
export * from './validate-feed.ts';
export * from './transcript-files.ts';
export * from './chapters.ts';
export * from './download-count.ts';
export { rfc2822 } from './xml-text.ts';
