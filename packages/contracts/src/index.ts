export * from './limits.ts';
export * from './messages.ts';
export * from './errors.ts';
export * from './auth.ts';
export * from './settings.ts';
export * from './jobs.ts';
export * from './transcript.ts';
export * from './audio-cleanup.ts';
