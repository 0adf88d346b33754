export * from './system-tools.ts';
export * from './detection/index.ts';
