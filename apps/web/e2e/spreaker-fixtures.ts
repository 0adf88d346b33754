/** Journeys whose launcher talks to the Spreaker sandbox (Spreaker's OAuth token endpoint and API as its documentation shows). */
import { SpreakerSandbox } from '@ppp/server/test-support';
import { test } from './fixtures.ts';

/** The launcher's Spreaker settings for the sandbox: the app's client, the API origin and the sign-in page. */
export function spreakerEnv(sandbox: Pick<SpreakerSandbox, 'origin'>): Record<string, string> {
  return {
    SPREAKER_CLIENT_ID: 'ppp-app',
    SPREAKER_CLIENT_SECRET: 'ppp-secret',
    SPREAKER_BASE_URL: sandbox.origin,
    SPREAKER_AUTHORIZE_URL: `${sandbox.origin}/oauth2/authorize`,
  };
}

/** The journey fixtures with the sandbox started first in the worker, and the launcher's environment made from it plus `more`. */
export function withSpreakerSandbox(more: Record<string, string> = {}) {
  return test.extend<object, { sandbox: SpreakerSandbox }>({
    sandbox: [
      async ({}, use) => {
        const sandbox = new SpreakerSandbox();
        await sandbox.start();
        await use(sandbox);
        await sandbox.stop();
      },
      { scope: 'worker' },
    ],
    launcherEnv: [async ({ sandbox }, use) => use({ ...spreakerEnv(sandbox), ...more }), { scope: 'worker' }],
  });
}
