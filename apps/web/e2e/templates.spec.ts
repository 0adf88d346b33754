/**
 * Issue 4 journey against the real launcher in Chromium: build a template with an AI-voice intro
 * (voice picked in 'Choose a Voice', previewed), the content, a static outro from the library and a
 * background music rule; try a drag the rules forbid; save; reopen and find it unchanged. Then the
 * 'Generate with AI voice' dialog with its 30 s rest, and leaving without saving; 'Re-render episodes
 * made with this template' (disabled while unsaved, the confirm dialog's count, the toast).
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openOrm } from '@ppp/server/db';
import { LocalStorage } from '@ppp/server/domain';
import { seedAssembledEpisode, toneFile } from '@ppp/server/test-support';
import {
  RECURRING_SLOT_MESSAGES,
  TEMPLATE_MESSAGES,
  TTS_MESSAGES,
  ZRecurringSchedulesResponse,
  describeSlot,
  weekdayOfDate,
} from '@ppp/contracts';
import { DESKTOP, PHONE, type RunningApp, apiClient, registerAndSignIn, launcherDatabaseUrl, shot, uploadToCategory } from './harness.ts';
import { expect, test } from './fixtures.ts';
import { CONTENT_SEGMENT, createTemplate } from './show-seeds.ts';

test.use({ launcherEnv: {} });
// One app for the file: its tests go on from what the earlier ones left.
test.describe.configure({ mode: 'serial' });

let app: RunningApp;
let token = '';
let files = '';
const CREATOR = { email: 'templater@example.com', password: 'correct horse battery' };
/** A bi-weekly slot's first date, ten days ahead so it is still to come in any timezone. */
const BIWEEKLY_FROM = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
const BIWEEKLY_WORDS = describeSlot({
  repeat: 'biweekly',
  date: BIWEEKLY_FROM,
  day_of_week: weekdayOfDate(BIWEEKLY_FROM),
  time_of_day: '07:30',
});

let userId = '';
let podcastId = '';
/** The library's outro clip and music bed the template uses. */
let outroClip: { id: string; filename: string };
let softBed: { id: string; filename: string };
const api = apiClient(
  () => app.baseUrl,
  () => token,
);

/**
 * The id of 'Garden weekly', the template the first test builds in the editor; a test run on its own
 * makes it through the REST path as that test saves it (an AI-voice intro, the content, the library's
 * outro and a music bed), so each test starts from what it needs.
 */
async function gardenWeekly(): Promise<string> {
  const saved = ((await api('GET', '/api/templates/')).body as { id: string; name: string }[]).find((t) => t.name === 'Garden weekly');
  if (saved) return saved.id;
  const found = await api('GET', `/api/elevenlabs/voices?search=${encodeURIComponent('caribbean female')}&size=20`);
  const voice = (found.body as { items: { voice_id: string; name: string }[] }).items.find(
    (v) => v.name === 'English (Caribbean), female 2',
  );
  if (!voice) throw new Error(`no English (Caribbean), female 2 among ${JSON.stringify(found.body)}`);
  return createTemplate(api, podcastId, 'Garden weekly', {
    segments: [
      {
        id: 'intro',
        segment_type: 'intro',
        source: {
          source_type: 'tts',
          text_prompt: 'Welcome to Garden Weekly, where things grow.',
          voice_id: voice.voice_id,
          voice_name: voice.name,
        },
      },
      CONTENT_SEGMENT,
      { id: 'outro', segment_type: 'outro', source: { source_type: 'static', filename: outroClip.filename, media_id: outroClip.id } },
    ],
    background_music_rules: [
      { apply_to_segments: ['intro', 'outro'], music_filename: softBed.filename, media_id: softBed.id, start_offset_s: -1.5 },
    ],
  });
}

test.beforeAll(async ({ app: started, scratchDir }) => {
  app = started;
  files = scratchDir;
  const tone = (name: string, frequency: number, seconds: number) => toneFile(files, name, seconds, frequency);
  token = await registerAndSignIn(app.baseUrl, CREATOR);
  userId = ((await api('GET', '/api/users/me')).body as { id: string }).id;
  // Shows are made in My Podcasts (another issue); the journey needs one, so it goes straight into the database.
  podcastId = randomUUID();
  const orm = await openOrm(await launcherDatabaseUrl(app), { poolMax: 1 });
  await orm.em
    .getConnection()
    .execute('insert into podcasts (id, user_id, name, created_at, updated_at) values (?, ?, ?, now(), now())', [
      podcastId,
      userId,
      'Garden Show',
    ]);
  await orm.close();
  outroClip = await uploadToCategory(api, 'outro', tone('station-outro.mp3', 660, 2), 'Station outro');
  softBed = await uploadToCategory(api, 'music', tone('soft-bed.mp3', 220, 8), 'Soft bed');
  tone('evening-theme.mp3', 330, 6);
});

test.describe('Template Editor journey', () => {
  test('builds, saves and reopens a template unchanged', async ({ openPage }) => {
    // A creator in New York: a new schedule is still in UTC (spec 000 section 9), their own zone offered.
    const page = await openPage(DESKTOP, { token, timezoneId: 'America/New_York' });
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Templates' }).first().click();
    await expect(page.getByText('No templates yet')).toBeVisible();
    await page.getByRole('link', { name: 'Create template' }).click();
    await expect(page.getByRole('heading', { name: 'Template Editor' })).toBeVisible();
    await shot(page, 'template-editor-new-desktop');

    // Saving without a name or show says what is missing; with one show it is already chosen.
    await page.getByLabel('Template name').fill('Garden weekly');
    await expect(
      page
        .getByLabel(/^Show\s*\*?$/)
        .first()
        .inputValue(),
    ).resolves.toBe('Garden Show');
    await expect(page.getByTestId('unsaved-indicator')).toBeVisible();

    // Intro: an AI voice with a script, the voice picked (and previewed) in 'Choose a Voice'.
    const intro = page.getByTestId('segment-intro');
    await intro.getByText('AI voice', { exact: true }).click();
    await intro.getByLabel('Script').fill('Welcome to Garden Weekly, where things grow.');
    await intro.getByRole('button', { name: 'Choose voice' }).click();
    const picker = page.getByRole('dialog', { name: TTS_MESSAGES.chooseVoice });
    await expect(picker).toBeVisible();
    await picker.getByLabel('Search voices').fill('caribbean female');
    const choice = picker.getByRole('button', { name: 'Choose English (Caribbean), female 2' });
    await expect(choice).toBeVisible();
    await picker.getByRole('button', { name: 'Preview English (Caribbean), female 2' }).click();
    await expect(picker.getByRole('button', { name: 'Stop preview of English (Caribbean), female 2' })).toBeVisible({
      timeout: 20_000,
    });
    await shot(page, 'template-voice-picker-desktop');
    await choice.click();
    await expect(picker).toBeHidden();
    await expect(intro.getByText('English (Caribbean), female 2')).toBeVisible();

    // Outro: a clip from the library.
    const outro = page.getByTestId('segment-outro');
    await outro.getByLabel('Outro clip', { exact: true }).click();
    await page.getByRole('option', { name: 'Station outro' }).click();

    // The content is locked, and an intro cannot move below it.
    await expect(
      page
        .getByTestId('segment-content')
        .getByRole('button', { name: /Remove/ })
        .count(),
    ).resolves.toBe(0);
    await intro.getByRole('button', { name: 'Move Intro down' }).click();
    await expect(page.getByText(TEMPLATE_MESSAGES.moveRejected)).toBeVisible();
    await page.getByTestId('segment-outro').dragTo(page.getByTestId('segment-intro'));
    const order = await page.locator('[data-testid^="segment-"]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-testid')));
    expect(order).toEqual(['segment-intro', 'segment-content', 'segment-outro']);

    // Background music under the intro and outro, a little louder, starting 1.5 s early.
    await page.getByRole('button', { name: 'Add background music' }).click();
    const rule = page.getByTestId('music-rule');
    await rule.getByLabel('Music file', { exact: true }).click();
    await page.getByRole('option', { name: 'Soft bed' }).click();
    await rule.getByLabel('Start offset (s)').fill('-1.5');
    await rule.getByRole('slider').focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect(rule.getByTestId('loudness-value')).toHaveText('4.5 (-6.9 dB)');

    // A recurring slot: Mondays at 05:00, in UTC unless the creator takes their own zone.
    await page.getByRole('button', { name: 'Recurring Publish Schedule' }).click();
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue('UTC');
    await page.getByRole('button', { name: 'Use my timezone (America/New_York)' }).click();
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue('America/New_York');
    await page.getByRole('combobox', { name: 'Timezone' }).click();
    await page.getByRole('option', { name: 'UTC', exact: true }).click();
    await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue('UTC');
    await page.getByLabel('Monday').check();
    await page.getByRole('button', { name: 'Add slot' }).click();
    await expect(page.getByRole('table', { name: 'Recurring slots' }).getByText('Monday')).toBeVisible();
    // And one every 2 weeks from a date ten days ahead at 07:30: a date is asked for first.
    await page.getByText('Every 2 weeks', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Every 2 weeks' })).toBeChecked();
    await page.getByRole('button', { name: 'Add slot' }).click();
    await expect(page.getByText(RECURRING_SLOT_MESSAGES.dateRequired)).toBeVisible();
    await page.getByLabel('First date').fill(BIWEEKLY_FROM);
    await page.getByLabel(/^Time\b/).fill('07:30');
    await page.getByRole('button', { name: 'Add slot' }).click();
    await expect(page.getByRole('table', { name: 'Recurring slots' }).getByText(BIWEEKLY_WORDS)).toBeVisible();
    await expect(page.getByText(RECURRING_SLOT_MESSAGES.dateRequired).count()).resolves.toBe(0);
    await page.getByRole('table', { name: 'Recurring slots' }).scrollIntoViewIfNeeded();
    await shot(page, 'template-schedule-biweekly-desktop');

    // The tour walks the sections; leaving asks first.
    await page.getByRole('button', { name: 'Tour', exact: true }).click();
    const tour = page.getByRole('dialog', { name: 'Guided tour' });
    await expect(tour.getByText('Step 1 of 6')).toBeVisible();
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour.getByText('Episode Structure')).toBeVisible();
    await shot(page, 'template-tour-desktop');
    await tour.getByRole('button', { name: 'Close tour' }).click();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByText(TEMPLATE_MESSAGES.leaveWithoutSaving)).toBeVisible();
    await page.getByRole('button', { name: 'Stay' }).click();
    await shot(page, 'template-editor-filled-desktop', true);

    await page.getByRole('button', { name: 'Save Template' }).click();
    await expect(page.getByText(TEMPLATE_MESSAGES.saved).first()).toBeVisible();
    const card = page.getByTestId('template-card').filter({ hasText: 'Garden weekly' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Intro (AI voice) · Content · Outro')).toBeVisible();
    await shot(page, 'templates-list-desktop');

    // Reopen: everything as it was saved, and nothing unsaved.
    await card.getByRole('link', { name: 'Edit Garden weekly' }).click();
    await expect(page.getByLabel('Template name')).toHaveValue('Garden weekly');
    await expect(page.getByTestId('saved-indicator')).toBeVisible();
    const introAgain = page.getByTestId('segment-intro');
    await expect(introAgain.getByLabel('Script').inputValue()).resolves.toBe('Welcome to Garden Weekly, where things grow.');
    await expect(introAgain.getByText('English (Caribbean), female 2').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('segment-outro').getByLabel('Outro clip', { exact: true }).inputValue()).resolves.toBe('Station outro');
    const ruleAgain = page.getByTestId('music-rule');
    await expect(ruleAgain.getByLabel('Music file', { exact: true }).inputValue()).resolves.toBe('Soft bed');
    await expect(ruleAgain.getByLabel('Start offset (s)').inputValue()).resolves.toBe('-1.5');
    await expect(ruleAgain.getByTestId('loudness-value').textContent()).resolves.toBe('4.5 (-6.9 dB)');
    await expect(ruleAgain.getByLabel('Fade in (s)').inputValue()).resolves.toBe('2');
    await expect(ruleAgain.getByLabel('Fade out (s)').inputValue()).resolves.toBe('3');
    await page.getByRole('button', { name: 'Recurring Publish Schedule' }).click();
    await expect(page.getByTestId('next-publish')).toHaveText(/^Next publish: \d{4}-\d{2}-\d{2} at 05:00/);
    await expect(page.getByRole('table', { name: 'Recurring slots' }).getByText(BIWEEKLY_WORDS).isVisible()).resolves.toBe(true);
    // Edit loads the slot back into the form; Cancel leaves it as it was.
    await page.getByRole('button', { name: `Edit ${BIWEEKLY_WORDS}` }).click();
    await expect(page.getByRole('radio', { name: 'Every 2 weeks' }).isChecked()).resolves.toBe(true);
    await expect(page.getByLabel('First date').inputValue()).resolves.toBe(BIWEEKLY_FROM);
    await expect(page.getByLabel(/^Time\b/).inputValue()).resolves.toBe('07:30');
    await shot(page, 'template-schedule-edit-desktop');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page.getByTestId('saved-indicator').isVisible()).resolves.toBe(true);
    const templateId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const res = await fetch(`${app.baseUrl}/api/recurring/templates/${templateId}/schedules`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const stored = ZRecurringSchedulesResponse.parse(await res.json());
    expect(stored.schedules.map((slot) => [slot.repeat, slot.date, slot.day_of_week, slot.time_of_day, slot.enabled])).toEqual([
      ['weekly', null, 0, '05:00', true],
      ['biweekly', BIWEEKLY_FROM, weekdayOfDate(BIWEEKLY_FROM), '07:30', true],
    ]);
    expect(stored.schedules[1]?.next_scheduled_date).toBe(BIWEEKLY_FROM);
    await expect(
      page.locator('[data-testid^="segment-"]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-testid'))),
    ).resolves.toEqual(['segment-intro', 'segment-content', 'segment-outro']);
    await shot(page, 'template-editor-reopened-desktop');
  });

  test('generates a one-time AI-voice clip, then rests the button for 30 s; leaving unsaved asks first', async ({ openPage }) => {
    await gardenWeekly();
    const page = await openPage(DESKTOP, { token });
    await page.goto('/dashboard/templates');
    await page.getByRole('link', { name: 'Edit Garden weekly' }).click();
    const outro = page.getByTestId('segment-outro');
    await outro.getByRole('button', { name: 'Generate with AI voice' }).click();
    const dialog = page.getByRole('dialog', { name: TTS_MESSAGES.generateTitle });
    // Voice carried over from the intro; a script is still needed.
    await expect(dialog.getByText('English (Caribbean), female 2')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Generate' }).isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Script').fill('Thanks for listening to Garden Weekly. See you next week.');
    await dialog.getByLabel('Name in your library').fill('Spoken outro');
    await shot(page, 'template-generate-voice-desktop');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText(TTS_MESSAGES.aiVoiceReady).first()).toBeVisible();
    await expect(outro.getByLabel('Outro clip', { exact: true })).toHaveValue('Spoken outro');
    await outro.getByRole('button', { name: 'Generate with AI voice' }).click();
    await expect(dialog.getByRole('button', { name: /^Generate \(\d+ s\)$/ })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Music uploaded from the editor's music section becomes the rule's file (and a library item).
    await page.getByRole('button', { name: 'Add background music' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload music for background music 2' }).click();
    await (await chooser).setFiles(path.join(files, 'evening-theme.mp3'));
    await expect(page.getByText(TEMPLATE_MESSAGES.musicUploaded).first()).toBeVisible();
    const uploadedRule = page.getByTestId('music-rule').nth(1);
    await expect(uploadedRule.getByLabel('Music file', { exact: true })).toHaveValue('evening-theme');
    await shot(page, 'template-music-uploaded-desktop');

    // Unsaved: the side navigation and the browser's back button ask too, and Stay keeps the edits.
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByText(TEMPLATE_MESSAGES.leaveWithoutSaving)).toBeVisible();
    await shot(page, 'template-editor-leave-side-nav-desktop');
    await page.getByRole('button', { name: 'Stay' }).click();
    await expect(page.getByText(TEMPLATE_MESSAGES.leaveWithoutSaving)).toBeHidden();
    await page.goBack();
    await expect(page.getByText(TEMPLATE_MESSAGES.leaveWithoutSaving)).toBeVisible();
    await page.getByRole('button', { name: 'Stay' }).click();
    await expect(page.getByTestId('unsaved-indicator').isVisible()).resolves.toBe(true);
    expect(new URL(page.url()).pathname).toMatch(/^\/dashboard\/templates\/[0-9a-f-]{36}$/);

    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByText(TEMPLATE_MESSAGES.leaveWithoutSaving)).toBeVisible();
    await page.getByRole('button', { name: 'Leave' }).click();
    await expect(page.getByRole('heading', { name: 'Templates' })).toBeVisible();
  });

  test("offers 'Re-render episodes made with this template': disabled while unsaved, the count in the dialog, a toast", async ({
    openPage,
  }) => {
    // An episode assembled with the template, as the assembly job leaves it (assembly is another journey's).
    const templateId = await gardenWeekly();
    const orm = await openOrm(await launcherDatabaseUrl(app), { poolMax: 1 });
    try {
      const episode = await seedAssembledEpisode(
        orm,
        new LocalStorage(files),
        files,
        { userId, podcastId },
        { title: 'Spring planting', withAudio: false },
      );
      await orm.em
        .getConnection()
        .execute(
          `update episodes set template_id = ?, assembly = '{"version": 1}'::jsonb, final_audio_key = 'users/seeded/episode.mp3', assembly_status = 'done' where id = ?`,
          [templateId, episode.id],
        );
    } finally {
      await orm.close();
    }

    const page = await openPage(DESKTOP, { token });
    await page.goto('/dashboard/templates');
    await page.getByRole('link', { name: 'Edit Garden weekly' }).click();
    const action = page.getByRole('button', { name: 'Re-render episodes made with this template' });
    await expect(action).toBeEnabled();
    await page.getByLabel('Template name').fill('Garden weekly (draft)');
    await expect(action).toBeDisabled();
    await expect(page.getByText('Save your changes first: a re-render uses the saved template.').isVisible()).resolves.toBe(true);
    await page.getByLabel('Template name').fill('Garden weekly');
    await expect(action).toBeEnabled();

    await action.click();
    const dialog = page.getByRole('dialog', { name: 'Re-render episodes made with this template' });
    await expect(
      dialog.getByText('1 assembled episode made with this template will be re-rendered with its saved intro, outro, music and timing.'),
    ).toBeVisible();
    await expect(dialog.getByText('Re-rendering does not use processing minutes.').isVisible()).resolves.toBe(true);
    await shot(page, 'template-rerender-dialog-desktop');
    await dialog.getByRole('button', { name: 'Re-render', exact: true }).click();
    await expect(page.getByText('1 episode queued for re-rendering, 0 skipped.')).toBeVisible();
    await expect(page.getByText('Re-render started').isVisible()).resolves.toBe(true);
    await shot(page, 'template-rerender-toast-desktop');
  });

  test('keeps the last template and shows the editor on a phone', async ({ openPage }) => {
    await gardenWeekly();
    const page = await openPage(PHONE, { token });
    await page.goto('/dashboard/templates');
    await page.getByRole('button', { name: 'Delete Garden weekly' }).click();
    await page.getByRole('dialog', { name: 'Delete template?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(TEMPLATE_MESSAGES.keepOneTemplateAlert)).toBeVisible();
    await shot(page, 'templates-keep-one-phone');
    await page.getByRole('button', { name: 'OK' }).click();
    await shot(page, 'templates-list-phone');
    await page.getByRole('link', { name: 'Edit Garden weekly' }).click();
    await expect(page.getByRole('heading', { name: 'Template Editor' })).toBeVisible();
    await shot(page, 'template-editor-phone');
    await shot(page, 'template-editor-phone-full', true);

    // The AI voices card in Settings says which engines speak.
    await page.goto('/dashboard/settings');
    const voices = page.getByRole('region', { name: 'AI voices' });
    await expect(voices.getByText('eSpeak NG', { exact: true })).toBeVisible();
    await voices.scrollIntoViewIfNeeded();
    await shot(page, 'settings-ai-voices-phone');
  });
});
