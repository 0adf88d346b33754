export * from './profile.ts';
export * from './plan.ts';
export * from './rnnoise.ts';
export * from './gate.ts';
export { enhanceSpeechFile, profileSpeech, type EnhanceOptions, type EnhancementReport } from './enhance.ts';
