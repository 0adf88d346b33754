/**
 * The onboarding journey files' shared setup: the app, the Harbour feed to import, a cover image,
 * the instance's operator (its first account) and the creators made after it, read through REST.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { OpenPageOptions } from './fixtures.ts';
import { registerConfirmedAccount, type RunningApp, type Viewport } from './harness.ts';
import { startHarbourFeed, type HarbourFeed } from './onboarding-support.ts';

export const journey = {
  app: undefined as unknown as RunningApp,
  feed: undefined as unknown as HarbourFeed,
  /** The journey file's scratch folder. */
  files: '',
  /** A 1400 px square PNG. */
  cover: '',
  operatorToken: '',
};

const PASSWORD = 'correct horse battery';

/** A new, active account (confirmed through the operator's outbox when it starts inactive). */
export const account = (email: string): Promise<string> =>
  registerConfirmedAccount(journey.app.baseUrl, { email, password: PASSWORD }, journey.operatorToken);

/** A publish slot as GET /api/recurring/templates/{id}/schedules lists it. */
export type Slot = {
  repeat: string;
  date: string | null;
  day_of_week: number;
  time_of_day: string;
  enabled: boolean;
  next_scheduled_date: string | null;
};

/** GET pathname as the token's user; anything but 2xx fails. */
export async function api<T>(token: string, pathname: string): Promise<T> {
  const res = await fetch(`${journey.app.baseUrl}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A page signed in with this token (kept if the app later replaces it), the wizard not yet done. */
export async function newPage(
  openPage: (viewport: Viewport, options?: OpenPageOptions) => Promise<Page>,
  token: string,
  viewport: Viewport,
): Promise<Page> {
  const page = await openPage(viewport, { onboardingDone: false });
  await page.context().addInitScript((value: string) => {
    if (!window.localStorage.getItem('authToken')) window.localStorage.setItem('authToken', value);
  }, token);
  return page;
}

/** The feed and cover in the file's scratch folder, and the operator: the creators below are the accounts after it. */
export async function setUpOnboardingJourney(app: RunningApp, scratchDir: string): Promise<void> {
  journey.app = app;
  journey.files = scratchDir;
  journey.cover = path.join(scratchDir, 'cover.png');
  journey.feed = await startHarbourFeed(scratchDir, journey.cover);
  journey.operatorToken = await account('operator@example.com');
}

export async function endOnboardingJourney(): Promise<void> {
  await journey.feed?.close();
}
