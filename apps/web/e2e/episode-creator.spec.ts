/**
 * The Episode Creator end to end (issue 7) against the real launcher in Chromium: a template with an
 * AI-voice intro (its script left blank), the content, a static outro and a music bed; an upload of
 * espeak-ng speech whose supplied words hold one retake marker ('flubber') and one Intern command
 * ('intern ... stop'). Through the wizard: start chooser, template, Choose Audio, Before We Start
 * (the pending message, then yes to both), Review Retakes (cut it), Review Intern Commands (no AI
 * that answers questions here: dismissed, taken back, then the creator's typed answer voiced), the script, a cropped cover, details, assemble as
 * draft. 'Draft Ready' shows, the player plays, and the file is intro + content + outro, less the
 * retake cut (from where the flubbed take began to the retake), plus that Intern answer's clip (within 50 ms). Step 2's upload is cancelled once
 * ('Upload cancelled', nothing kept) before one goes through. Screenshots of every step at desktop
 * and phone sizes. The creator's own Intern answer (override_text) is covered by the API test and
 * creator-rules' internExecuteRequest.
 */
import { EPISODE_CREATOR_MESSAGES, EPISODE_CREATOR_SHELL } from '@ppp/contracts';
import { CREATOR_STORAGE_KEY, type CreatorState } from '../src/features/episode-creator/creator-state.ts';
import { intentHint } from '../src/features/episode-creator/creator-rules.ts';
import { expect, test } from './fixtures.ts';
import { DESKTOP } from './harness.ts';
import {
  api,
  download,
  coverImage,
  shot,
  changed,
  CONTENT_SECONDS,
  FLUBBER_AT,
  RETAKE_CUT,
  INTRO_SCRIPT,
  OUTRO_SECONDS,
  decodedSeconds,
  probedSeconds,
  creatorPage,
  setUpCreatorJourney,
} from './episode-creator-setup.ts';

test.use({ launcherEnv: {} });
// One app for the file: its tests go on from what the earlier ones left.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ app, scratchDir }) => {
  // Real uploads, transcripts and voice samples on a loaded machine.
  test.setTimeout(400_000);
  await setUpCreatorJourney(app, scratchDir);
});

test.describe('Episode Creator', () => {
  let internAnswerUrl = '';
  let internAnswerText = '';

  test('builds an episode from the start chooser to Draft Ready: intents, retake cut, Intern answer, script, cover, details; the file is shorter by the cut and longer by the answer', async ({
    openPage,
  }) => {
    test.setTimeout(600_000);
    const page = await creatorPage(openPage, DESKTOP);
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Top bar' }).getByRole('link', { name: 'New Episode' }).click();
    await expect(page.getByText(EPISODE_CREATOR_SHELL.startTitle)).toBeVisible();
    expect(await page.getByTestId('record-card').getAttribute('href')).toBe('/dashboard/record');
    await expect(page.getByTestId('breadcrumb-view')).toHaveText('New Episode');
    await shot(page, 'creator-journey-start-desktop');

    await page.getByRole('button', { name: EPISODE_CREATOR_SHELL.useProcessed }).click();
    await expect(page.getByTestId('template-card')).toHaveCount(2);
    await shot(page, 'creator-journey-step1-desktop');
    await page.getByRole('button', { name: 'Use template Speech weekly' }).click();

    await expect(page.getByRole('heading', { name: EPISODE_CREATOR_SHELL.chooseAudioTitle })).toBeVisible();
    await expect(page.getByTestId('creator-template-name')).toContainText('Speech weekly');
    await expect(page.getByRole('button', { name: EPISODE_CREATOR_SHELL.cancelBuild })).toBeVisible();
    await page.getByRole('button', { name: 'Use Speech take' }).click();
    const next = page.getByRole('button', { name: 'Continue', exact: true });
    await expect(next).toBeEnabled({ timeout: 20_000 });
    await expect(page.getByTestId('creator-upload').filter({ hasText: 'Speech take' })).toContainText('Flubber 1');
    await shot(page, 'creator-journey-step2-desktop');

    // Before We Start: Flubber and Intern detected, sound effects hidden; Continue names what is unanswered.
    await next.click();
    await expect(page.getByText(EPISODE_CREATOR_SHELL.intentsTitle)).toBeVisible();
    await expect(page.getByTestId('intent-intern')).toBeVisible();
    await expect(page.getByTestId('intent-sfx')).toHaveCount(0);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(EPISODE_CREATOR_MESSAGES.intentsPending('Flubber, Intern'))).toBeVisible();
    await page.getByTestId('intent-flubber').getByText('Yes').click();
    await page.getByTestId('intent-intern').getByText('Yes').click();
    // The Intern question says who answers: here, the creator.
    await expect(page.getByTestId('intent-intern-hint')).toHaveText(intentHint('intern', 'extractive')!);
    await shot(page, 'creator-journey-intents-desktop', false);
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // Review Retakes: the one retake, its waveform snippet, the flubbed take found and preselected for Cut; Apply Selected.
    await expect(page.getByTestId('retake-card')).toHaveCount(1, { timeout: 40_000 });
    await expect(page.getByTestId('snippet-waveform').first()).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('retake-basis')).toContainText('“this take went wrong”');
    await page.getByRole('button', { name: /^Uncut the retake at/ }).click();
    await expect(page.getByRole('button', { name: /^Cut the retake at/ })).toBeVisible();
    await page.getByRole('button', { name: /^Cut the retake at/ }).click();
    await expect(page.getByRole('button', { name: /^Uncut the retake at/ })).toBeVisible();
    await expect(page.getByLabel('Cut from (s)')).toHaveValue(String(RETAKE_CUT.start_s));
    await expect(page.getByLabel('Cut to (s)')).toHaveValue(String(RETAKE_CUT.end_s));
    await shot(page, 'creator-journey-retakes-desktop', false);
    await page.getByRole('button', { name: EPISODE_CREATOR_SHELL.applySelected }).click();

    // Review Intern Commands: no AI that answers questions on this instance, so nothing is made up (issue 18):
    // the card waits for the creator's own answer (no Get answer, no Regenerate), voiced in the chosen voice.
    await expect(page.getByTestId('intern-card')).toHaveCount(1, { timeout: 30_000 });
    const card = page.getByTestId('intern-card');
    await expect(card.getByTestId('intern-type-own')).toBeVisible();
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    await expect(card.getByRole('textbox', { name: 'Answer' })).toHaveValue('');
    await expect(card.getByRole('button', { name: /^(Regenerate|Get answer)/ })).toHaveCount(0);
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Continue' })).toBeDisabled();
    await shot(page, 'creator-journey-intern-desktop', false);
    // A false detection can be dismissed: Continue is enabled; then it is taken back and answered after all.
    await card.getByRole('button', { name: 'Not a command: dismiss' }).click();
    await expect(card.getByText('Dismissed', { exact: true })).toBeVisible();
    await card.getByText('Cut from the episode').click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Continue' })).toBeEnabled();
    await shot(page, 'creator-journey-intern-dismissed-desktop', false);
    await card.getByRole('button', { name: 'It was a command: answer it' }).click();
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    internAnswerText = 'The capital of France is Paris.';
    await card.getByRole('textbox', { name: 'Answer' }).fill(internAnswerText);
    await card.getByRole('button', { name: 'Voice my answer' }).click();
    await expect.poll(() => card.getByLabel('Play the answer').getAttribute('src'), { timeout: 60_000 }).toBeTruthy();
    internAnswerUrl = (await card.getByLabel('Play the answer').getAttribute('src')) ?? '';
    await expect(card.getByText('Ready', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Regenerate/ })).toHaveCount(0);
    await shot(page, 'creator-journey-intern-answered-desktop', false);
    await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();

    // Step 3: the blank intro script blocks Continue, is focused, and is filled.
    await expect(page.getByTestId('scripts-banner')).toBeVisible();
    await expect(page.getByTestId('scripts-banner')).toHaveText(EPISODE_CREATOR_MESSAGES.scriptsBanner);
    await expect(page.getByText(EPISODE_CREATOR_MESSAGES.scriptsHint)).toBeVisible();
    await expect(page.getByText(EPISODE_CREATOR_MESSAGES.scriptRequired)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();
    const script = page.getByLabel('Script for Welcome');
    expect(await script.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect(page.getByText('Goodbye chime')).toBeVisible();
    await shot(page, 'creator-journey-step3-desktop');
    await script.fill(INTRO_SCRIPT);
    // Change voice: this episode's intro in another voice (the template keeps its own).
    await page.getByRole('button', { name: 'Change voice for Welcome' }).click();
    await page.getByLabel('Search voices').fill(changed.common_name);
    await page
      .getByRole('button', { name: `Choose ${changed.common_name}` })
      .first()
      .click();
    await expect(page.getByTestId('voice-name')).toHaveText(changed.common_name);
    await expect(page.getByTestId('scripts-banner')).toHaveCount(0);

    // A reload resumes the build where it is.
    await page.reload();
    await expect(page.getByLabel('Script for Welcome')).toHaveValue(INTRO_SCRIPT);
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    // Step 4 (C's cover step): a cropped cover.
    await expect(page.getByTestId('cover-art-step')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles(coverImage());
    await expect(page.getByTestId('cover-crop-square')).toBeVisible();
    await shot(page, 'creator-journey-step4-desktop');
    await page.getByRole('button', { name: 'Upload & Continue' }).click();

    // Step 5: details, as a draft.
    await expect(page.getByTestId('details-step')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Episode Number')).toHaveValue('1');
    await page.getByLabel('Episode Title').fill('Speech, take one');
    await page.getByLabel('Save as draft').check();
    await expect(page.getByTestId('minutes-check')).toHaveAttribute('data-state', 'ok');
    await shot(page, 'creator-journey-step5-desktop');
    await page.getByRole('button', { name: 'Assemble Episode' }).click();

    // Step 6: Draft Ready and the player plays.
    await expect(page.getByTestId('assembly-step')).toBeVisible();
    await shot(page, 'creator-journey-step6-assembling-desktop', false);
    await expect(page.getByTestId('assembly-result')).toBeVisible({ timeout: 240_000 });
    await expect(page.getByRole('heading', { name: 'Draft Ready' })).toBeVisible();
    const audio = page.getByTestId('final-audio');
    await audio.evaluate((el: HTMLAudioElement) => {
      el.muted = true;
      return el.play();
    });
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);
    await audio.evaluate((el: HTMLAudioElement) => el.pause());
    await shot(page, 'creator-journey-step6-result-desktop');

    // The file: intro + content + outro, less the retake (from where the flubbed take began), plus the Intern answer.
    const saved = await page.evaluate((key) => window.sessionStorage.getItem(key), CREATOR_STORAGE_KEY);
    const episodeId = (JSON.parse(saved ?? '{}') as CreatorState).job?.episodeId ?? '';
    expect(episodeId).not.toBe('');
    const episode = (await api('GET', `/api/episodes/${episodeId}`)).body as { status: string; playback_url: string | null; title: string };
    expect(episode.title).toBe('Speech, take one');
    const finalSeconds = decodedSeconds(await download(episode.playback_url!, 'final.mp3'));
    // The Intern's answer as the text AI generated it (the default engine quotes the episode), voiced.
    const answerSeconds = probedSeconds(await download(internAnswerUrl, 'answer.mp3'));
    // The intro as the speech port voices it (the same engine, the changed voice and the script as the render).
    const intro = await api('POST', '/api/media/tts', {
      text: INTRO_SCRIPT,
      voice_id: changed.voice_id,
      provider: changed.provider,
      category: 'intro',
      friendly_name: 'Intro check',
      confirm_charge: true,
    });
    expect(intro.status, JSON.stringify(intro.body)).toBeLessThan(300);
    const preview = await api('GET', `/api/media/preview?id=${(intro.body as { id: string }).id}&resolve=true`);
    const introSeconds = probedSeconds(await download((preview.body as { url: string }).url, 'intro.mp3'));
    expect(answerSeconds).toBeGreaterThan(0.5);
    const expected = introSeconds + CONTENT_SECONDS - (RETAKE_CUT.end_s - RETAKE_CUT.start_s) + answerSeconds + OUTRO_SECONDS;
    const detail = `final ${finalSeconds}, expected ${expected} (intro ${introSeconds}, answer ${answerSeconds} "${internAnswerText}", retake marker at ${FLUBBER_AT} s)`;
    expect(Math.abs(finalSeconds - expected), detail).toBeLessThanOrEqual(0.05);
    // The chapters agree: the content starts after the intro, the answer splits it for its own length.
    // Titles come from the published words: the intro and outro keep their names, the answer is titled
    // by its question without the command word, and the content, whose words hold no meaningful phrase
    // (nothing recurs; its most telling sentence heads 'This'), goes under its segment's name.
    const jobId = (JSON.parse(saved ?? '{}') as CreatorState).job?.jobId ?? '';
    const status = (await api('GET', `/api/episodes/status/${jobId}`)).body as {
      episode: { chapters: { title: string; start_s: number }[] };
    };
    const [, content, answer, resumed, chime] = status.episode.chapters;
    expect(status.episode.chapters.map((c) => c.title)).toEqual([
      'Welcome',
      'Content',
      'What is the capital of france',
      'Content',
      'Chime',
    ]);
    expect(Math.abs((content?.start_s ?? 0) - introSeconds)).toBeLessThanOrEqual(0.05);
    expect(Math.abs((resumed?.start_s ?? 0) - (answer?.start_s ?? 0) - answerSeconds)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(finalSeconds - (chime?.start_s ?? 0) - OUTRO_SECONDS)).toBeLessThanOrEqual(0.05);
  });
});
