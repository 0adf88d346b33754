export * from './beds.ts';
export * from './render-bed.ts';
