export * from './engine.ts';
export * from './sentences.ts';
export * from './keyphrases.ts';
export * from './instructions.ts';
export * from './extractive.ts';
export * from './openai-chat.ts';
