/**
 * The journeys' fixtures on Playwright's runner: each journey file gets its own launcher (embedded
 * PostgreSQL, server, worker) started once in its worker, Debian's Chromium from the config, and pages
 * in fresh contexts that are closed after each test, which fails if the app's Content-Security-Policy
 * refused anything on them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { startApp, startJourneyPage, type JourneyPageOptions, type RunningApp, type Viewport } from './harness.ts';

export { expect };

export interface OpenPageOptions extends JourneyPageOptions {
  /** The origin the page starts at, when not the app's own address (e.g. `localhost` for Stripe's return). */
  baseUrl?: string;
  /** The browser's time zone (IANA name), when the journey needs one other than the machine's. */
  timezoneId?: string;
}

interface WorkerFixtures {
  /**
   * The launcher's extra environment. Every journey file sets it at its top level with `test.use`
   * (a worker option, so the file runs in a worker of its own, with an app of its own); a fixture
   * form may start what the environment names first (e.g. the Stripe stand-in).
   */
  launcherEnv: Record<string, string>;
  /** The real launcher serving the web build, started once for the journey file. */
  app: RunningApp;
  /** A scratch folder for the journey file's own files (audio, covers, feeds), removed at its end. */
  scratchDir: string;
}

interface TestFixtures {
  /** A page in a fresh context at the app, signed in when a token is given. */
  openPage: (viewport: Viewport, options?: OpenPageOptions) => Promise<Page>;
  /** Fails a test when its app is shared with another journey file (a file without `test.use({ launcherEnv })`). */
  appOfItsOwnFile: void;
}

let appFile: string | undefined;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  launcherEnv: [undefined as unknown as Record<string, string>, { scope: 'worker', option: true }],
  app: [
    async ({ launcherEnv }, use) => {
      if (!launcherEnv) throw new Error('a journey file sets test.use({ launcherEnv: {...} }) at its top level');
      const app = await startApp(launcherEnv);
      try {
        await use(app);
      } finally {
        await app.stop();
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  scratchDir: [
    async ({}, use) => {
      const dir = await mkdtemp(path.join(tmpdir(), 'ppp-e2e-files-'));
      try {
        await use(dir);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker' },
  ],
  appOfItsOwnFile: [
    async ({ app }, use, testInfo) => {
      appFile ??= testInfo.file;
      if (appFile !== testInfo.file) throw new Error(`${testInfo.file} shares the app of ${appFile}: set test.use({ launcherEnv })`);
      void app;
      await use();
    },
    { auto: true },
  ],
  openPage: async ({ browser, app }, use) => {
    const contexts: BrowserContext[] = [];
    const violations: string[] = [];
    await use(async (viewport, options = {}) => {
      const context = await browser.newContext({
        baseURL: options.baseUrl ?? app.baseUrl,
        viewport,
        ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
      });
      contexts.push(context);
      return startJourneyPage(context, options, (violation) => violations.push(violation));
    });
    for (const context of contexts) await context.close().catch(() => undefined);
    // Anything the policy refused (an inline script or style it does not allow, a source it does not list) is a defect.
    expect(violations, "what the app's Content-Security-Policy refused").toEqual([]);
  },
});
