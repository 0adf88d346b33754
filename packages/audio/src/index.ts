export * from './system-tools.ts';
export * from './detection/index.ts';
export * from './process.ts';
export * from './wav.ts';
export * from './wer.ts';
export * from './ffmpeg/index.ts';
export * from './transcription/index.ts';
export * from './edl/index.ts';
