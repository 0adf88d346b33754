/** What the global setup hands to every test file through vitest's provide/inject. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template database. Clone it with createTestDatabase(); never connect to it. */
    databaseUrl: string;
  }
}
export {};
