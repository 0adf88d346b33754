export * from './system-tools.ts';
