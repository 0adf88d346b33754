/**
 * Episode Creator steps 4 to 6 (issue 7) against the real launcher in Chromium, with a build resumed
 * at step 4 from this tab's sessionStorage (a real template, show and transcribed upload):
 * - Cover Art: a 1600x900 image chosen, the crop square dragged and resized, the pad mode looked at,
 *   'Upload & Continue'; the stored cover is a JPEG of the crop's size;
 * - Episode Details & Scheduling: the suggested numbering, the field and schedule messages, AI Suggest
 *   for the description once the transcript is ready, the minutes panel and checklist, draft mode;
 *   a template with Auto fill with AI fills the empty title and tags (the typed description kept),
 *   and AI Suggest for tags offers chips that are added or dropped;
 * - Assembly: progress, then 'Draft Ready' with 'Episode saved as draft.' and a player that plays;
 *   Schedule on a show not ready for its feed is held back before the render with 'Fix it' (issue 37)
 *   and the episode is saved as a draft; once the show has its category and cover, 'Scheduled' with the time in UTC;
 *   one published now as Private ends 'Completed' and is published unpublished on the host;
 * - a render that fails (the intro's file gone from storage) shows the reason, Start over and Retry;
 *   once the file is back, Retry assembles the same episode (one episode, charged once);
 * - admin test mode defaults, the quota message and a blocking minutes check with the 'Not enough
 *   processing minutes' dialog, whose Buy Minutes sets the billing intent and opens billing.
 * Screenshots at 1280 and 390 px wide.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ASSEMBLY_MESSAGES,
  CREATOR_STEP_COPY,
  EPISODE_CREATOR_MESSAGES,
  EPISODE_CREATOR_SHELL,
  PODCAST_MESSAGES,
  WAY_FORWARD_COPY,
} from '@ppp/contracts';
import { CREATOR_STORAGE_KEY, type CreatorState } from '../src/features/episode-creator/creator-state.ts';
import { DESKTOP, PHONE, shot, uploadToCategory } from './harness.ts';
import { expect, test } from './fixtures.ts';
import { CONTENT_SEGMENT, createTemplate } from './show-seeds.ts';
import {
  api,
  build,
  coverImage,
  findStored,
  imageSize,
  journey,
  podcastId,
  rowBrightness,
  SCHEDULE_ZONE,
  scheduleEpisode,
  setUpStepsJourney,
  showCover,
  toneTrack,
  wizardAt,
} from './episode-creator-steps-setup.ts';

test.use({ launcherEnv: {} });
// One app for the file: its tests go on from what the earlier ones left (episode numbers, minutes used).
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ app, scratchDir }) => {
  // A real upload with its transcript on a loaded machine.
  test.setTimeout(400_000);
  await setUpStepsJourney(app, scratchDir);
});

test.describe('Episode Creator steps 4-6', () => {
  test('crops and uploads a cover, fills the details, assembles a draft and plays it', async ({ openPage }) => {
    const page = await wizardAt(openPage, DESKTOP, build);
    await expect(page.getByTestId('cover-art-step')).toBeVisible();
    await expect(page.getByText('Recommended: square, at least 1400x1400, JPG or PNG.')).toBeVisible();
    await shot(page, 'creator-step4-empty-desktop');

    // Not an image: the spec's message, nothing changes.
    await page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText(EPISODE_CREATOR_MESSAGES.coverNotImage)).toBeVisible();

    await page.locator('input[type=file]').setInputFiles(coverImage());
    const square = page.getByTestId('cover-crop-square');
    await expect(square).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload & Continue' })).toBeVisible();
    // The largest square (900 px), then made smaller with the keyboard on the slider and dragged to the far left.
    const slider = page.getByRole('slider');
    expect(await slider.getAttribute('aria-valuemax')).toBe('900');
    expect(await slider.getAttribute('aria-valuemin')).toBe('10');
    await slider.focus();
    for (let i = 0; i < 100; i += 1) await page.keyboard.press('ArrowLeft');
    expect(await slider.getAttribute('aria-valuenow')).toBe('800');
    const box = (await square.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 400, box.y + box.height / 2 + 300, { steps: 10 });
    await page.mouse.up();
    await shot(page, 'creator-step4-crop-desktop');

    await page.getByText('Fit with white padding').click();
    await expect(page.getByTestId('cover-pad-frame')).toBeVisible();
    await shot(page, 'creator-step4-pad-desktop');
    await page.getByText('Crop to square').click();

    const uploaded = page.waitForResponse((res) => res.url().includes('/trpc/mediaUploads.episodeCover') && res.status() < 300);
    await page.getByRole('button', { name: 'Upload & Continue' }).click();
    const answer = (await (await uploaded).json()) as { result: { data: { json: { filename: string } } } };
    const filename = answer.result.data.json.filename;
    await expect(page.getByText(EPISODE_CREATOR_MESSAGES.coverSaved).first()).toBeVisible();
    // The stored cover: a JPEG of the crop's own size, cut at the left edge (x1 0, y1 within the image).
    const res = await fetch(`${journey.app.baseUrl}/static/media/${filename}`);
    expect(res.status).toBe(200);
    const coverFile = path.join(journey.files, 'stored-cover.jpg');
    writeFileSync(coverFile, Buffer.from(await res.arrayBuffer()));
    expect(imageSize(coverFile)).toEqual({ width: 800, height: 800, codec: 'mjpeg' });
    const saved = JSON.parse((await page.evaluate((key) => window.sessionStorage.getItem(key), CREATOR_STORAGE_KEY))!) as CreatorState;
    expect(saved.cover?.cover_crop).toBe('0,100,800,900');

    // Step 5: the show's numbering suggested (a new show: season 1, episode 1), the minutes checked.
    await expect(page.getByTestId('details-step')).toBeVisible();
    await expect(page.getByLabel('Episode Number')).toHaveValue('1');
    await expect(page.getByLabel('Season Number')).toHaveValue('1');
    await expect(page.getByTestId('minutes-check')).toHaveAttribute('data-state', 'ok');
    await page.getByLabel('Episode Number').fill('');
    // The show has no category or cover yet: Publish now is held back (issue 37); the draft is assembled.
    await page.getByLabel('Save as draft').check();
    await page.getByRole('button', { name: 'Assemble Episode' }).click();
    await expect(page.getByText(EPISODE_CREATOR_MESSAGES.titleRequired)).toBeVisible();
    await expect(page.getByText(EPISODE_CREATOR_MESSAGES.episodeNumberRequired)).toBeVisible();
    const suggestTitle = page.getByRole('button', { name: 'AI Suggest title' });
    await expect(suggestTitle).toBeEnabled();
    await suggestTitle.click();
    await expect.poll(() => page.getByLabel('Episode Title').inputValue(), { timeout: 30_000 }).not.toBe('');
    await expect(page.getByText(EPISODE_CREATOR_MESSAGES.titleRequired)).toHaveCount(0);
    await page.getByLabel('Episode Title').fill('Tomatoes on a balcony');
    await page.getByLabel('Episode Number').fill('1');
    await page.getByLabel('Tags').fill('garden, tomatoes, balcony');

    // Scheduling on a show that is not ready for its feed is held back before any render (issue 37), with Fix it.
    await page.getByLabel('Schedule', { exact: true }).check();
    await expect(page.getByTestId('publish-held-back')).toContainText(PODCAST_MESSAGES.categoryRequired);
    await expect(page.getByRole('button', { name: 'Assemble Episode' })).toBeDisabled();
    await shot(page, 'creator-step5-schedule-desktop');
    await page.getByLabel('Save as draft').check();

    // AI Suggest for the description once the transcript is ready.
    const suggest = page.getByRole('button', { name: 'AI Suggest description' });
    await expect(suggest).toBeEnabled();
    await suggest.click();
    await expect
      .poll(async () => (await page.getByLabel('Description', { exact: true }).inputValue()).length, { timeout: 30_000 })
      .toBeGreaterThan(10);
    const items = page.getByTestId('publishing-checklist').locator('li');
    // The show has no category or cover yet: the feed check the publish job applies says so here, before any render.
    await expect
      .poll(() => items.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-done'))))
      .toEqual(['true', 'true', 'true', 'true', 'true', 'false', 'true']);
    const feedCheck = page.getByTestId('feed-check');
    await expect(feedCheck.getByText(PODCAST_MESSAGES.categoryRequired)).toBeVisible();
    expect(await feedCheck.getByRole('link', { name: 'Fix in Edit Podcast' }).first().getAttribute('href')).toBe(
      `/dashboard/podcasts?edit=${podcastId}`,
    );
    await shot(page, 'creator-step5-desktop');

    await page.getByRole('button', { name: 'Assemble Episode' }).click();
    await expect(page.getByTestId('assembly-step')).toBeVisible();
    await shot(page, 'creator-step6-assembling-desktop', false);
    await expect(page.getByTestId('assembly-result')).toBeVisible({ timeout: 180_000 });
    await expect(page.getByRole('heading', { name: 'Draft Ready' })).toBeVisible();
    await expect(page.getByText(EPISODE_CREATOR_MESSAGES.resultDraft).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tomatoes on a balcony' })).toBeVisible();
    const audio = page.getByTestId('final-audio');
    await audio.evaluate((el: HTMLAudioElement) => el.play());
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);
    await audio.evaluate((el: HTMLAudioElement) => el.pause());
    await shot(page, 'creator-step6-result-desktop');
  });

  test('schedules episodes: held back while the show is not ready for its feed, Scheduled once it is; publishes one now as Private', async ({
    openPage,
  }) => {
    // While the show is not ready for its feed, Schedule is held back before the render (issue 37): the episode is saved as a draft.
    const refused = await wizardAt(openPage, DESKTOP, { ...build, step: 5 });
    await expect(refused.getByTestId('details-step')).toBeVisible();
    await expect(refused.getByLabel('Episode Number')).toHaveValue('2');
    await refused.getByLabel('Episode Title').fill('Tomatoes, refused');
    await refused.getByLabel('Schedule', { exact: true }).check();
    await expect(refused.getByTestId('publish-held-back').getByRole('link', { name: WAY_FORWARD_COPY.fixIt })).toHaveAttribute(
      'href',
      new RegExp(`edit=${podcastId}`),
    );
    await expect(refused.getByRole('button', { name: 'Assemble Episode' })).toBeDisabled();
    await refused.getByLabel('Save as draft').check();
    await refused.getByRole('button', { name: 'Assemble Episode' }).click();
    await expect(refused.getByRole('heading', { name: 'Draft Ready' })).toBeVisible({ timeout: 180_000 });

    const edit = new FormData();
    edit.append('name', 'Balcony Garden');
    edit.append('description', 'Growing food in small spaces.');
    edit.append('category_id', 'Education');
    edit.append('cover_image', new Blob([readFileSync(showCover())], { type: 'image/png' }), 'show.png');
    const updated = await api('PUT', `/api/podcasts/${podcastId}`, edit);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);

    const scheduled = await scheduleEpisode(openPage, 'Tomatoes, later', '3');
    await expect(scheduled.page.getByRole('heading', { name: 'Scheduled' })).toBeVisible();
    await expect(scheduled.page.getByText(EPISODE_CREATOR_MESSAGES.resultScheduled).first()).toBeVisible();
    // The result says when in the zone it was scheduled in (issue 19): Auckland's clock, with its offset.
    await expect(scheduled.page.getByTestId('scheduled-for')).toContainText(new RegExp(`${scheduled.local.time} GMT\\+1[23]`));
    // The host keeps it scheduled: no failure turns up while the result follows the publish status.
    await scheduled.page.waitForTimeout(5_000);
    await expect(scheduled.page.getByRole('heading', { name: 'Scheduled' })).toBeVisible();
    const episode = (await api('GET', `/api/episodes/${scheduled.episodeId}`)).body as {
      publish_at: string;
      publish_at_local: string;
      status: string;
      publish_error: string | null;
    };
    expect(episode.publish_error, JSON.stringify(episode)).toBeNull();
    expect(episode.status).toBe('scheduled');
    expect(new Date(episode.publish_at).getTime()).toBe(scheduled.at.getTime());
    expect(episode.publish_at_local).toBe(`${scheduled.local.date} ${scheduled.local.time} ${SCHEDULE_ZONE}`);
    await shot(scheduled.page, 'creator-step6-scheduled-desktop');
    await scheduled.page.setViewportSize(PHONE);
    await shot(scheduled.page, 'creator-step6-scheduled-phone');

    // Publish now, Private: 'Completed', published on the host as unpublished.
    const page = await wizardAt(openPage, DESKTOP, { ...build, step: 5 });
    await expect(page.getByLabel('Episode Number')).toHaveValue('4');
    await page.getByLabel('Episode Title').fill('Tomatoes, now');
    await page.getByLabel('Publish now').check();
    await page.getByText('Private', { exact: true }).click();
    await page.getByRole('button', { name: 'Assemble Episode' }).click();
    await expect(page.getByTestId('assembly-result')).toBeVisible({ timeout: 180_000 });
    await expect(page.getByRole('heading', { name: 'Completed' })).toBeVisible();
    await expect(page.getByText(EPISODE_CREATOR_MESSAGES.resultNow).first()).toBeVisible();
    const saved = JSON.parse((await page.evaluate((key) => window.sessionStorage.getItem(key), CREATOR_STORAGE_KEY))!) as CreatorState;
    await expect
      .poll(
        async () =>
          (await api('GET', `/api/episodes/${saved.job!.episodeId}/publish/status`)).body as { status: string; visibility: string },
        { timeout: 60_000 },
      )
      .toMatchObject({ status: 'published', visibility: 'unpublished' });
    await expect(page.getByRole('heading', { name: 'Completed' })).toBeVisible();
  });

  test('pads a dropped cover on a phone: the whole image centred on white, the mode remembered', async ({ openPage }) => {
    const page = await wizardAt(openPage, PHONE, build);
    await expect(page.getByTestId('cover-art-step')).toBeVisible();
    // Dropped on the drop area rather than chosen.
    const dropped = await page.evaluateHandle((base64: string) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'dropped.png', { type: 'image/png' }));
      return transfer;
    }, readFileSync(coverImage()).toString('base64'));
    await page.getByTestId('cover-drop-area').dispatchEvent('drop', { dataTransfer: dropped });
    await expect(page.getByTestId('cover-crop-square')).toBeVisible();
    await shot(page, 'creator-step4-crop-phone');
    await page.getByText('Fit with white padding').click();
    expect(await page.evaluate(() => window.localStorage.getItem('ppp.episodeCreator.coverMode'))).toBe('pad');
    await shot(page, 'creator-step4-pad-phone');

    const uploaded = page.waitForResponse((res) => res.url().includes('/trpc/mediaUploads.episodeCover') && res.status() < 300);
    await page.getByRole('button', { name: 'Upload & Continue' }).click();
    const answer = (await (await uploaded).json()) as { result: { data: { json: { filename: string } } } };
    const filename = answer.result.data.json.filename;
    const res = await fetch(`${journey.app.baseUrl}/static/media/${filename}`);
    const coverFile = path.join(journey.files, 'padded-cover.jpg');
    writeFileSync(coverFile, Buffer.from(await res.arrayBuffer()));
    // 1600x900 on a 1600 px square: white bands of 350 px above and below, the picture between.
    expect(imageSize(coverFile)).toEqual({ width: 1600, height: 1600, codec: 'mjpeg' });
    expect(rowBrightness(coverFile, 20)).toBeGreaterThan(250);
    expect(rowBrightness(coverFile, 1580)).toBeGreaterThan(250);
    expect(rowBrightness(coverFile, 800)).toBeLessThan(200);
    const saved = JSON.parse((await page.evaluate((key) => window.sessionStorage.getItem(key), CREATOR_STORAGE_KEY))!) as CreatorState;
    expect(saved.cover?.cover_crop).toBeNull();

    await expect(page.getByTestId('details-step')).toBeVisible();
    await expect.poll(() => page.getByTestId('minutes-check').getAttribute('data-state')).not.toBe('pending');
    await shot(page, 'creator-step5-phone');

    // Back on step 4 the saved cover shows, and a new file opens in the remembered pad mode.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByTestId('cover-saved-preview')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles(coverImage());
    await expect(page.getByTestId('cover-pad-frame')).toBeVisible();
  });

  test('shows a failed render with its reason and Retry, which assembles the same episode once the file is back, with no second charge', async ({
    openPage,
  }) => {
    const jingle = await uploadToCategory(api, 'intro', toneTrack('jingle.wav'), 'Jingle');
    const templateId = await createTemplate(api, podcastId, 'With a jingle', {
      segments: [{ id: 'intro', segment_type: 'intro', source: { source_type: 'static', filename: jingle.filename } }, CONTENT_SEGMENT],
    });
    // The jingle's stored file turns unreadable (its library entry and a file stay, so the assemble
    // call's check that the file exists lets it through): the render cannot read it.
    const jingleFile = findStored(path.join(journey.app.dataDir, 'storage'), jingle.id);
    renameSync(jingleFile, `${jingleFile}.away`);
    writeFileSync(jingleFile, 'not audio at all');

    const page = await wizardAt(openPage, DESKTOP, {
      ...build,
      step: 5,
      template: { id: templateId, name: 'With a jingle' },
    });
    await expect(page.getByTestId('details-step')).toBeVisible();
    await expect.poll(() => page.getByLabel('Episode Number').inputValue()).not.toBe('');
    await page.getByLabel('Episode Title').fill('With the jingle');
    await page.getByLabel('Save as draft').check();
    const usage = async () => (await api('GET', '/api/billing/usage')).body as { minutes_used: number; episodes_used_this_month: number };
    const before = await usage();
    await page.getByRole('button', { name: 'Assemble Episode' }).click();
    const failure = page.getByTestId('assembly-error');
    await expect(failure).toBeVisible({ timeout: 180_000 });
    await expect(failure).toContainText(ASSEMBLY_MESSAGES.renderFailed('one of its audio files could not be read'));
    await expect(failure.getByRole('button', { name: CREATOR_STEP_COPY.startOver })).toBeVisible();
    // Cancel Build stays reachable on the assembly step.
    await expect(page.getByRole('button', { name: EPISODE_CREATOR_SHELL.cancelBuild })).toBeVisible();
    await shot(page, 'creator-step6-error-desktop');
    // A render that failed for good gave back its minutes and its episode (issue 35).
    await expect.poll(usage).toEqual(before);
    // The poll stopped at the failure: no status read for 7 s.
    let reads = 0;
    page.on('request', (req) => {
      if (req.url().includes('assembly.episodeStatus')) reads += 1;
    });
    await page.waitForTimeout(7_000);
    expect(reads).toBe(0);

    renameSync(`${jingleFile}.away`, jingleFile);
    await failure.getByRole('button', { name: CREATOR_STEP_COPY.retry }).click();
    await expect(page.getByTestId('assembly-result')).toBeVisible({ timeout: 180_000 });
    await expect(page.getByRole('heading', { name: 'Draft Ready' })).toBeVisible();
    await shot(page, 'creator-step6-retried-desktop');
    const episodes = (await api('GET', '/api/episodes/?limit=100')).body as { items: { title: string; status: string }[] };
    expect(episodes.items.filter((e) => e.title === 'With the jingle').map((e) => e.status)).toEqual(['processed']);
    // The retry charged the episode once: one more episode than before it was first assembled, never two.
    const after = await usage();
    expect(after.episodes_used_this_month).toBe(before.episodes_used_this_month + 1);
    expect(after.minutes_used).toBeGreaterThan(before.minutes_used);

    // The finished build offers 'Start another episode' instead of the red Cancel Build (issue 37): no question, a new build.
    await expect(page.getByRole('button', { name: EPISODE_CREATOR_SHELL.cancelBuild })).toHaveCount(0);
    await page.getByRole('button', { name: WAY_FORWARD_COPY.startAnother }).click();
    await expect(page.getByText(EPISODE_CREATOR_SHELL.startTitle)).toBeVisible();
  });

  test("fills title, description and tags with AI when the template says so, keeping the creator's words; tags are suggested as chips", async ({
    openPage,
  }) => {
    const templateId = await createTemplate(api, podcastId, 'Garden talk, auto filled', {
      ai_settings: { auto_fill_ai: true, tags_always_include: ['balcony garden'] },
    });
    const own = 'My own notes about the balcony.';
    const page = await wizardAt(openPage, DESKTOP, {
      ...build,
      step: 5,
      template: { id: templateId, name: 'Garden talk, auto filled' },
      details: {
        title: '',
        season: '',
        episodeNumber: '',
        explicit: false,
        description: own,
        tags: '',
        publishMode: 'draft',
        visibility: 'public',
        scheduleDate: '',
        scheduleTime: '',
      },
    });
    const notice = page.getByTestId('ai-autofill-notice');
    await expect(notice).toContainText('Filled in the title and tags with AI', { timeout: 60_000 });
    const title = await page.getByLabel('Episode Title').inputValue();
    expect(title.length).toBeGreaterThan(5);
    expect(title.toLowerCase()).toMatch(/tomato|balcony|plant|summer/);
    // What the creator had written stays; the template's always-include tag leads the AI's tags.
    await expect(page.getByLabel('Description', { exact: true })).toHaveValue(own);
    const tags = (await page.getByLabel('Tags').inputValue()).split(',').map((t) => t.trim());
    expect(tags[0]).toBe('balcony garden');
    expect(tags.length).toBeGreaterThan(1);
    await shot(page, 'creator-step5-autofill-desktop');

    // AI Suggest for tags: nothing new once they are all in; cleared, the suggestions come back as chips.
    await page.getByLabel('Tags').fill('tomatoes');
    await page.getByRole('button', { name: 'AI Suggest tag list' }).click();
    const chips = page.getByTestId('tag-suggestions');
    await expect(chips).toBeVisible({ timeout: 30_000 });
    const offered = await chips.getByRole('button', { name: /^Add tag / }).allTextContents();
    expect(offered.length).toBeGreaterThan(1);
    expect(offered.map((t) => t.toLowerCase())).not.toContain('tomatoes');
    for (const cue of ['flubber', 'intern', 'um', 'the']) expect(offered.map((t) => t.toLowerCase())).not.toContain(cue);
    await shot(page, 'creator-step5-tag-chips-desktop');
    const [first = '', second = ''] = offered;
    await chips.getByRole('button', { name: `Add tag ${first}` }).click();
    await expect(page.getByLabel('Tags')).toHaveValue(`tomatoes, ${first}`);
    await chips.getByRole('button', { name: `Remove suggestion ${second}` }).click();
    await expect(chips.getByRole('button', { name: `Add tag ${second}` })).toHaveCount(0);
    await chips.getByRole('button', { name: 'Add all' }).click();
    const all = await page.getByLabel('Tags').inputValue();
    expect(all.startsWith(`tomatoes, ${first}`)).toBe(true);
    expect(all).not.toContain(second);
    await expect(chips).toHaveCount(0);
    await page.close();
  });

  test("opens an upload (the recorder's 'Create episode') as a new build over a build this tab left stuck on its assembly", async ({
    openPage,
  }) => {
    const stuck: CreatorState = {
      ...build,
      step: 6,
      template: { id: '00000000-0000-4000-8000-000000000001', name: 'Old template' },
      job: { jobId: 'old-job', episodeId: '00000000-0000-4000-8000-000000000002' },
    };
    const page = await wizardAt(openPage, DESKTOP, stuck);
    await expect(page.getByTestId('assembly-error')).toContainText(CREATOR_STEP_COPY.buildLost);
    await shot(page, 'creator-step6-lost-desktop');
    await page.goto(`/dashboard/new-episode?upload=${build.upload!.id}`);
    const saved = async () =>
      JSON.parse((await page.evaluate((key) => window.sessionStorage.getItem(key), CREATOR_STORAGE_KEY)) ?? '{}') as Partial<CreatorState>;
    await expect.poll(async () => (await saved()).job?.jobId ?? null).toBeNull();
    expect((await saved()).upload?.id).toBe(build.upload!.id);
    await expect(page.getByTestId('assembly-step')).toHaveCount(0);
  });

  test('fills test-mode defaults, says the quota is used up, and blocks on minutes with the billing choices', async ({ openPage }) => {
    expect((await api('PUT', '/api/admin/settings', { test_mode: true })).status).toBe(200);
    const tiers = await api('PUT', '/api/admin/tiers', {
      features: [
        { key: 'max_processing_minutes_month', values: { free: 0 } },
        { key: 'max_episodes_month', values: { free: 0 } },
      ],
    });
    expect(tiers.status, JSON.stringify(tiers.body)).toBe(200);
    const page = await wizardAt(openPage, DESKTOP, { ...build, step: 5 });
    await expect(page.getByTestId('details-step')).toBeVisible();
    await expect(page.getByLabel('Episode Title')).toHaveValue(/^Test - \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await expect(page.getByLabel('Save as draft')).toBeChecked();
    await expect(page.getByTestId('test-mode-badge')).toBeVisible();
    // Episodes 1 to 5 exist (the failed render kept its number).
    await expect(page.getByLabel('Episode Number')).toHaveValue('6');
    await expect(page.getByLabel('Season Number')).toHaveValue('1');
    await expect(page.getByText(EPISODE_CREATOR_MESSAGES.quotaExceeded)).toBeVisible();
    await expect(page.getByTestId('minutes-check')).toHaveAttribute('data-state', 'blocking');
    await expect(page.getByRole('button', { name: 'Assemble Episode' })).toBeDisabled();
    await shot(page, 'creator-step5-blocked-desktop');

    await page.getByRole('button', { name: 'See options' }).click();
    const dialog = page.getByRole('dialog', { name: EPISODE_CREATOR_MESSAGES.notEnoughMinutesTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('minutes-required')).toHaveText('1 minute');
    await expect(dialog.getByTestId('minutes-remaining')).toHaveText('0 minutes');
    await shot(page, 'creator-minutes-dialog-desktop', false);
    await page.setViewportSize(PHONE);
    await shot(page, 'creator-minutes-dialog-phone', false);
    await dialog.getByRole('button', { name: 'Buy Minutes' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard/billing');
    expect(await page.evaluate(() => window.localStorage.getItem('ppp.billing.intent'))).toBe('buy_minutes');
    // The workspace and the wizard both listen; one navigation happened, so Back returns to the wizard.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard/new-episode');
  });
});
