/**
 * The /ab workspace end to end (issue 22) against the real launcher in Chromium: a signed-out visit
 * goes to /; the upload page sends an espeak-ng speech file over tus, lists it 'Transcription
 * Pending' and, once its words are in, 'Transcription Complete' (polled); the draft opens with the
 * show's only active template chosen; AI fills title, description and tags; step 3 shows the
 * template's segments in the Episode Creator's segment cards: the intro is refused blank ('Please fix
 * before saving:'), AI suggestions fill it (the show has five finished episodes: 'Intro/Outro
 * suggestions applied') and it is saved ('Intro/Outro saved to this draft'), then a library file is
 * chosen for it instead and saved by its id; 'Go to Finalize' opens; 'Save for Draft' assembles the
 * episode with that file as its intro ('Saved'); 'Publish' sends it to the built-in host ('Published
 * to Spreaker.') and it is in the show's feed. A finished recording arriving as /ab?upload={id} opens
 * its draft at finalize once transcribed. Screenshots at desktop and phone sizes.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { AB_MESSAGES } from '@ppp/contracts';
import { openOrm } from '@ppp/server/db';
import { LocalStorage } from '@ppp/server/domain';
import { seedAssembledEpisode } from '@ppp/server/test-support';
import {
  DESKTOP,
  PHONE,
  apiClient,
  launcherDatabaseUrl,
  registerAndSignIn,
  speechTrack,
  supplyTranscript,
  type RunningApp,
  uploadToCategory,
  shot,
} from './harness.ts';
import { expect, test } from './fixtures.ts';
import { CONTENT_SEGMENT, createPublishableShow, createTemplate } from './show-seeds.ts';

test.use({ launcherEnv: {} });
// One app for the file: its tests go on from what the earlier ones left.
test.describe.configure({ mode: 'serial' });

let app: RunningApp;
let token = '';
let showId = '';
let jingleId = '';
let files = '';
const CREATOR = { email: 'ab-creator@example.com', password: 'correct horse battery' };
const SLOT = 3;
const PHRASES = [
  'welcome to the garden hour',
  'today we plant tomatoes in the sun',
  'compost keeps the soil alive',
  'thanks for listening',
];
const INTRO = 'Welcome to the garden hour, the show about growing things.';

const api = apiClient(
  () => app.baseUrl,
  () => token,
);

function transcriptFile(): string {
  const words = PHRASES.flatMap((text, i) =>
    text.split(' ').map((word, j) => ({ text: word, start: i * SLOT + j * 0.3, end: i * SLOT + j * 0.3 + 0.25 })),
  );
  const dest = path.join(files, 'speech.json');
  writeFileSync(dest, JSON.stringify({ words }));
  return dest;
}

function coverImage(): string {
  const dest = path.join(files, 'cover.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x2f7a4f:s=1400x1400', '-frames:v', '1', dest]);
  return dest;
}

interface DraftJson {
  id: string;
  media_id: string;
  transcript: string;
  title: string;
  episode_id: string | null;
  introoutro_status: string;
  segment_overrides: { segment_id: string; source_type: string; media_id?: string | null }[];
  last_publish_response: { job_id?: string | null } | null;
}
const drafts = async () => ((await api('GET', '/ab/drafts')).body as { items: DraftJson[] }).items;

/** Five finished episodes of the show, as earlier assemblies left them: AI suggestions open from five. */
async function seedFinishedEpisodes(): Promise<void> {
  const me = (await api('GET', '/api/users/me')).body as { id: string };
  const orm = await openOrm(await launcherDatabaseUrl(app), { poolMax: 1 });
  try {
    for (let i = 1; i <= 5; i += 1) {
      const owner = { userId: me.id, podcastId: showId };
      await seedAssembledEpisode(orm, new LocalStorage(files), files, owner, { title: `Garden ${i}`, withAudio: false });
    }
  } finally {
    await orm.close();
  }
}

function jingle(): string {
  const dest = path.join(files, 'garden-jingle.wav');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=660:duration=2', '-ar', '44100', dest]);
  return dest;
}

test.beforeAll(async ({ app: started, scratchDir }) => {
  app = started;
  files = scratchDir;
  token = await registerAndSignIn(app.baseUrl, CREATOR);
  showId = await createPublishableShow(api, 'Garden Hour', 'A show about growing things.', coverImage());
  await createTemplate(api, showId, 'Voiced intro', {
    segments: [
      { id: 'intro', segment_type: 'intro', name: 'Welcome', source: { source_type: 'tts', text_prompt: '', voice_id: 'espeak:en-us' } },
      CONTENT_SEGMENT,
    ],
  });
  await seedFinishedEpisodes();
  jingleId = (await uploadToCategory(api, 'intro', jingle(), 'Garden jingle')).id;
});

test.describe('/ab workspace', () => {
  test('sends a signed-out visitor to /', async ({ openPage }) => {
    const page = await openPage(DESKTOP);
    await page.goto('/ab');
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('uploads, waits for the transcript, fills the checklist, saves the intro, saves a draft and publishes it', async ({ openPage }) => {
    test.setTimeout(600_000);
    const page = await openPage(DESKTOP, { token });
    await page.goto('/ab');
    await expect(page.getByText('Upload audio').first()).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles(speechTrack(files, PHRASES, SLOT));
    await page.getByLabel('Custom name (optional)').fill('Garden talk');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.poll(async () => (await drafts()).length, { timeout: 60_000 }).toBe(1);
    const [draft] = await drafts();
    await expect(page.getByText('Garden talk').first()).toBeVisible();
    if (draft?.transcript !== 'ready') {
      await expect(page.getByText(AB_MESSAGES.transcriptPending).first()).toBeVisible();
      await shot(page, 'ab-upload-pending-desktop');
    }
    await supplyTranscript(api, draft!.media_id, transcriptFile(), () => app.output().slice(-3000));
    await expect(page.getByText(AB_MESSAGES.transcriptComplete).first()).toBeVisible();
    await shot(page, 'ab-upload-complete-desktop');

    await page.getByRole('button', { name: 'Open' }).click();
    const checklist = page.getByLabel('Checklist');
    await expect(checklist).toBeVisible();
    // The show's only active template was chosen for the draft.
    await expect(page.getByText('Template: Voiced intro')).toBeVisible();
    await page.getByRole('button', { name: 'AI title & description' }).click();
    await expect(page.getByLabel('Title')).not.toHaveValue('', { timeout: 60_000 });
    await page.getByRole('button', { name: 'AI tags' }).click();
    await expect(page.getByLabel('Tags')).not.toHaveValue('', { timeout: 60_000 });
    await page.getByLabel('Title').fill('Tomatoes in the sun');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect.poll(async () => (await drafts())[0]?.title).toBe('Tomatoes in the sun');
    await expect(page.getByRole('button', { name: AB_MESSAGES.goToFinalize })).toBeDisabled();
    await shot(page, 'ab-checklist-desktop');

    await page.getByRole('button', { name: 'Intro/outro' }).click();
    // The Episode Creator's segment cards, in the template's order: the AI-voice intro and the upload.
    await expect(page.getByTestId('segment-card')).toHaveCount(2);
    const script = page.getByLabel('Script for Welcome');
    await script.fill('');
    await page.getByRole('button', { name: 'Save intro/outro' }).click();
    await expect(page.getByText(AB_MESSAGES.fixBeforeSaving).first()).toBeVisible();
    await expect(page.getByText(AB_MESSAGES.scriptRequired('intro'))).toBeVisible();
    await shot(page, 'ab-intro-invalid-desktop');
    await page.getByRole('button', { name: 'Suggest with AI' }).click();
    await expect(page.getByText(AB_MESSAGES.suggestionsApplied).first()).toBeVisible({ timeout: 60_000 });
    expect((await script.inputValue()).length).toBeGreaterThan(0);
    await shot(page, 'ab-intro-suggested-desktop');
    await script.fill(INTRO);
    await page.getByRole('button', { name: 'Save intro/outro' }).click();
    await expect(page.getByText(AB_MESSAGES.sectionSaved).first()).toBeVisible();
    await expect(page.getByText(AB_MESSAGES.introOutroAi).first()).toBeVisible();
    await shot(page, 'ab-intro-saved-desktop');
    // A library file replaces the template's AI-voice intro for this episode: saved by its id.
    await page.getByLabel('intro source').getByText('Library file').click();
    await page.getByRole('combobox', { name: 'Intro file' }).click();
    await page.getByRole('option', { name: 'Garden jingle' }).click();
    await expect(page.getByText('Clip: ').first()).toBeVisible();
    await page.getByRole('button', { name: 'Save intro/outro' }).click();
    await expect
      .poll(async () => (await drafts())[0]?.segment_overrides[0])
      .toMatchObject({ segment_id: 'intro', source_type: 'static', media_id: jingleId });
    await shot(page, 'ab-intro-file-desktop');

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: AB_MESSAGES.goToFinalize }).click();
    const schedule = page.getByLabel('Schedule (optional)');
    await expect(schedule).toBeDisabled();
    await page.getByRole('button', { name: 'Save for Draft' }).click();
    await expect(page.getByText(AB_MESSAGES.saved).first()).toBeVisible();
    await shot(page, 'ab-finalize-draft-desktop');
    // The assembly job renders the chosen intro file and the upload into the episode.
    await expect(page.getByTestId('ab-episode-status')).toContainText('processed', { timeout: 240_000 });
    // The chosen two-second jingle opens the episode in place of the template's spoken intro: the content starts after it.
    const jobId = (await drafts())[0]?.last_publish_response?.job_id ?? '';
    const job = (await api('GET', `/api/episodes/status/${jobId}`)).body as { episode: { chapters: { title: string; start_s: number }[] } };
    // The content's chapter is titled by what is said in it (issue 32): it is the first one after the opening jingle's.
    const content = job.episode.chapters.find((c) => c.start_s > 0);
    expect(content?.start_s).toBeGreaterThan(1.8);
    expect(content?.start_s).toBeLessThan(2.2);

    await page.getByLabel('Visibility').getByText('Publish', { exact: true }).click();
    await expect(schedule).toBeEnabled();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByText(AB_MESSAGES.published).first()).toBeVisible();
    await expect(page.getByTestId('ab-episode-status')).toContainText('published', { timeout: 120_000 });
    await shot(page, 'ab-finalize-published-desktop');
    const feed = await (await fetch(`${app.baseUrl}/feeds/${showId}.xml`)).text();
    expect(feed).toContain('Tomatoes in the sun');
    expect(feed).toContain('<enclosure');
  });

  test('shows the upload list and the draft on a phone', async ({ openPage }) => {
    test.setTimeout(120_000);
    const page = await openPage(PHONE, { token });
    await page.goto('/ab');
    await expect(page.getByText(AB_MESSAGES.transcriptComplete).first()).toBeVisible();
    await shot(page, 'ab-upload-phone');
    await page.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByLabel('Checklist')).toBeVisible();
    await shot(page, 'ab-draft-phone');
    await page.getByRole('button', { name: 'Intro/outro' }).click();
    await expect(page.getByTestId('segment-card')).toHaveCount(2);
    await shot(page, 'ab-intro-phone');

    // A finished recording arrives as /ab?upload={id}: its draft opens at finalize, the transcript being ready.
    const [draft] = await drafts();
    await page.goto(`/ab?upload=${draft!.media_id}`);
    await expect(page.getByLabel('Checklist')).toBeVisible();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await drafts()).toHaveLength(1);

    // /dashboard?podcast={id} opens that show in My Podcasts.
    await page.goto(`/dashboard?podcast=${showId}`);
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard/podcasts');
    await expect(page.getByRole('dialog', { name: 'Edit Podcast' })).toBeVisible();
  });
});
