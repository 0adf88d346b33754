// Spreaker, the external podcast host: OAuth, shows, episodes, statistics. See visibility.ts for
// how the product's publish states map onto what Spreaker's API offers.
export * from './spreaker-client.ts';
export * from './spreaker-error.ts';
export * from './spreaker-oauth.ts';
export * from './spreaker-types.ts';
export * from './visibility.ts';
export * from './map-show.ts';
