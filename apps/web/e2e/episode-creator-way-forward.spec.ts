/**
 * No silent skips and no dead ends in the Episode Creator (issue 37), against the real launcher in
 * Chromium, as a Free creator whose espeak-ng upload (its words supplied) holds one retake marker and
 * one Intern command, on a new show with no category or cover:
 * - out of minutes, step 2's disabled Continue comes with Buy Minutes and Upgrade Plan;
 * - step 2 says what the Free plan skips, with the counts and the plan that has them, and Start free
 *   trial starts the 14-day trial there, after which Continue asks the Flubber and Intern questions;
 * - step 5 holds Assemble back for Publish now with what would fail and 'Fix it' to the show's field;
 *   Save as draft stays possible.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { CREATOR_STEP_COPY, EPISODE_CREATOR_SHELL, WAY_FORWARD_COPY, type TSubscription } from '@ppp/contracts';
import {
  CREATOR_STORAGE_KEY,
  initialCreatorState,
  serializeCreator,
  type CreatorState,
} from '../src/features/episode-creator/creator-state.ts';
import {
  PHONE,
  type RunningApp,
  type Viewport,
  apiClient,
  putOwnAccountOnTier,
  registerAndSignIn,
  shot,
  speechTrack,
  supplyTranscript,
  uploadToCategory,
} from './harness.ts';
import { expect, test, type OpenPageOptions } from './fixtures.ts';
import { createShow, createTemplate } from './show-seeds.ts';

test.use({ launcherEnv: {} });
test.describe.configure({ mode: 'serial' });

const WIDE = { width: 1440, height: 900 } as const;
const CREATOR = { email: 'way-forward@example.com', password: 'correct horse battery' };
const SLOT = 3;
const PHRASES = ['welcome to the show', 'intern what is the capital of france stop', 'this take went wrong', 'flubber', 'the better take'];

let app: RunningApp;
let token = '';
let templateId = '';
let podcastId = '';
let speech: { id: string; filename: string };
const api = apiClient(
  () => app.baseUrl,
  () => token,
);
const setFreeMinutes = (minutes: number) =>
  api('PUT', '/api/admin/tiers', { features: [{ key: 'max_processing_minutes_month', values: { free: minutes } }] });

test.beforeAll(async ({ app: started, scratchDir }) => {
  test.setTimeout(300_000);
  app = started;
  token = await registerAndSignIn(app.baseUrl, CREATOR);
  // The instance's first account is unlimited; this journey is about the Free plan, where Flubber and Intern are not included.
  await putOwnAccountOnTier(app.baseUrl, token, 'free');
  podcastId = await createShow(api, 'Harbour Notes', 'A new show with no category and no cover yet.');
  templateId = await createTemplate(api, podcastId, 'Just the talk');
  speech = await uploadToCategory(api, 'main_content', speechTrack(scratchDir, PHRASES, SLOT), 'Speech take');
  const words = PHRASES.flatMap((text, i) =>
    text.split(' ').map((word, j) => ({ text: word, start: i * SLOT + j * 0.3, end: i * SLOT + j * 0.3 + 0.25 })),
  );
  const file = path.join(scratchDir, 'speech.json');
  writeFileSync(file, JSON.stringify({ words }));
  await supplyTranscript(api, speech.id, file, () => app.output().slice(-3000));
});

/** Step 2 of a new build with the speech upload chosen ('Use processed audio'; the only template is chosen for the creator). */
async function stepTwo(openPage: (viewport: Viewport, options?: OpenPageOptions) => Promise<Page>, viewport: Viewport): Promise<Page> {
  const page = await openPage(viewport, { token });
  await page.goto('/dashboard/new-episode');
  // The screen's lazy chunk takes its time on a loaded machine.
  const useProcessed = page.getByRole('button', { name: EPISODE_CREATOR_SHELL.useProcessed });
  await expect(useProcessed).toBeVisible({ timeout: 120_000 });
  await useProcessed.click();
  await expect(page.getByRole('heading', { name: EPISODE_CREATOR_SHELL.chooseAudioTitle })).toBeVisible();
  await page.getByRole('button', { name: 'Use Speech take' }).click();
  return page;
}

test('out of minutes, step 2 offers Buy Minutes and Upgrade Plan beside the disabled Continue', async ({ openPage }) => {
  expect((await setFreeMinutes(0)).status).toBe(200);
  for (const [viewport, name] of [
    [PHONE, 'phone'],
    [WIDE, 'desktop'],
  ] as const) {
    const page = await stepTwo(openPage, viewport);
    const check = page.getByTestId('minutes-check');
    await expect(check).toHaveAttribute('role', 'alert');
    const wayOn = page.getByTestId('minutes-way-on');
    await expect(wayOn.getByRole('button', { name: CREATOR_STEP_COPY.buyMinutes })).toBeVisible();
    await expect(page.getByRole('button', { name: WAY_FORWARD_COPY.continueWithout })).toBeDisabled();
    await shot(page, `creator-way-forward-minutes-${name}`, true);
    if (name === 'desktop') {
      await wayOn.getByRole('button', { name: CREATOR_STEP_COPY.upgradePlan }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/dashboard/billing');
    }
  }
});

test('step 2 says what the Free plan skips, and Start free trial there turns Flubber and Intern on', async ({ openPage }) => {
  expect((await setFreeMinutes(60)).status).toBe(200);
  const phone = await stepTwo(openPage, PHONE);
  const notice = phone.getByTestId('skipped-automations');
  await expect(notice).toHaveText(/Your recording has 1 retake and 1 Intern command\. Flubber and Intern come with Creator\./);
  await shot(phone, 'creator-way-forward-skipped-phone', true);

  const page = await stepTwo(openPage, WIDE);
  const skipped = page.getByTestId('skipped-automations');
  await expect(skipped).toContainText('Your recording has 1 retake and 1 Intern command. Flubber and Intern come with Creator.');
  await expect(skipped.getByRole('button', { name: WAY_FORWARD_COPY.upgrade })).toBeVisible();
  await expect(page.getByRole('button', { name: WAY_FORWARD_COPY.continueWithout })).toBeEnabled();
  await shot(page, 'creator-way-forward-skipped-desktop');

  await skipped.getByRole('button', { name: WAY_FORWARD_COPY.startTrial }).click();
  await expect(skipped).toHaveCount(0);
  const subscription = (await api('GET', '/api/billing/subscription')).body as TSubscription;
  expect(subscription).toMatchObject({ plan_key: 'creator', source: 'trial', status: 'trialing' });
  // On the trial nothing is skipped: Continue asks the retake and Intern questions.
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText(EPISODE_CREATOR_SHELL.intentsTitle)).toBeVisible();
  await expect(page.getByTestId('intent-flubber')).toBeVisible();
  await expect(page.getByTestId('intent-intern')).toBeVisible();
});

/** Step 5 of a build of the speech upload, resumed from this tab's sessionStorage. */
async function detailsStep(openPage: (viewport: Viewport, options?: OpenPageOptions) => Promise<Page>, viewport: Viewport): Promise<Page> {
  const state: CreatorState = {
    ...initialCreatorState(),
    started: true,
    step: 5,
    template: { id: templateId, name: 'Just the talk' },
    upload: {
      id: speech.id,
      filename: speech.filename,
      duration_seconds: PHRASES.length * SLOT,
      transcript_ready: true,
      intents: { flubber: 1, intern: 1, sfx: 0 },
    },
  };
  const page = await openPage(viewport, { token });
  await page.context().addInitScript(
    ({ key, value }: { key: string; value: string }) => {
      if (!window.sessionStorage.getItem(key)) window.sessionStorage.setItem(key, value);
    },
    { key: CREATOR_STORAGE_KEY, value: serializeCreator(state) },
  );
  await page.goto('/dashboard/new-episode');
  await expect(page.getByTestId('details-step')).toBeVisible({ timeout: 120_000 });
  return page;
}

test('step 5 holds Assemble back for Publish now on a show that is not ready, with Fix it; Save as draft stays possible', async ({
  openPage,
}) => {
  const phone = await detailsStep(openPage, PHONE);
  await phone.getByLabel('Publish now').check();
  await expect(phone.getByTestId('publish-held-back')).toBeVisible();
  await shot(phone, 'creator-way-forward-held-back-phone', true);

  const page = await detailsStep(openPage, WIDE);
  await page.getByLabel('Publish now').check();
  const held = page.getByTestId('publish-held-back');
  await expect(held).toContainText(WAY_FORWARD_COPY.publishHeldBack);
  await expect(held.getByRole('listitem').first()).toBeVisible();
  const assemble = page.getByRole('button', { name: CREATOR_STEP_COPY.assembleButton });
  await expect(assemble).toBeDisabled();
  await page.getByLabel('Schedule').check();
  await expect(assemble).toBeDisabled();
  await shot(page, 'creator-way-forward-held-back-desktop', true);

  await page.getByLabel('Save as draft').check();
  await expect(held).toHaveCount(0);
  await expect(assemble).toBeEnabled();

  await page.getByLabel('Publish now').check();
  await page.getByTestId('publish-held-back').getByRole('link', { name: WAY_FORWARD_COPY.fixIt }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard/podcasts' && url.searchParams.get('edit') === podcastId);
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, 'creator-way-forward-fix-it-desktop');
});
