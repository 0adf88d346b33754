export * from './locate.ts';
export * from './progress.ts';
export * from './run.ts';
export * from './probe.ts';
export * from './commands.ts';
export * from './working-copy.ts';
export * from './chunks.ts';
export * from './capabilities.ts';
