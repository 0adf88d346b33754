export * from './engine.ts';
export * from './espeak-voices.ts';
export * from './espeak.ts';
export * from './elevenlabs.ts';
export * from './google.ts';
export * from './openai.ts';
export * from './catalog.ts';
export * from './spoken-script.ts';
