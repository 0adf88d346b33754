/**
 * Issue 6 journey against the real launcher (server, worker, embedded PostgreSQL) in Chromium:
 * create a show in the setup wizard (cover art included), complete it in Edit Podcast, publish an
 * assembled episode now, open the show's feed URL and find the episode in it with a working
 * enclosure; the distribution checklist, the schedule dialog and the delete confirmation on the way.
 * Assembly is another issue's work, so the assembled episode is seeded as the assembly job leaves it:
 * an ffmpeg-made MP3 stored through the storage port and an episode row with status processed.
 */
import path from 'node:path';
import { ONBOARDING, PODCAST_MESSAGES, PUBLISH_MESSAGES } from '@ppp/contracts';
import { openOrm } from '@ppp/server/db';
import { LocalStorage } from '@ppp/server/domain';
import { coverPng, seedAssembledEpisode } from '@ppp/server/test-support';
import { DESKTOP, PHONE, type RunningApp, registerAndSignIn, launcherDatabaseUrl, shot } from './harness.ts';
import { expect, test } from './fixtures.ts';
import { wallClock } from './wall-clock.ts';

test.use({ launcherEnv: {} });
// One app for the file: its tests go on from what the earlier ones left.
test.describe.configure({ mode: 'serial' });

let app: RunningApp;
let token = '';
let files = '';
const CREATOR = { email: 'publisher@example.com', password: 'correct horse battery' };
const SHOW = 'Harbour Lights Weekly';
const EPISODE = 'Pilot: the lighthouse keeper';

async function api<T>(pathname: string): Promise<T> {
  const res = await fetch(`${app.baseUrl}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as T;
}

/** The assembled episode, as the assembly job leaves it, in the launcher's own database and storage. */
async function seedEpisode(podcastId: string): Promise<string> {
  const me = await api<{ id: string }>('/api/users/me');
  const orm = await openOrm(await launcherDatabaseUrl(app), { poolMax: 2 });
  try {
    const episode = await seedAssembledEpisode(
      orm,
      new LocalStorage(app.storageDir),
      files,
      { userId: me.id, podcastId },
      { title: EPISODE, seconds: 6 },
    );
    return episode.id;
  } finally {
    await orm.close();
  }
}

test.beforeAll(async ({ app: started, scratchDir }) => {
  app = started;
  files = scratchDir;
  coverPng(files, 1400, 'cover.png');
  token = await registerAndSignIn(app.baseUrl, CREATOR);
});

test.describe('My Podcasts journey', () => {
  test('creates a show, publishes an assembled episode now, and finds it in the show’s feed', async ({ openPage }) => {
    const page = await openPage(DESKTOP, { token, storage: { [ONBOARDING.storage.fullPage]: '0' } });
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'My Podcasts' }).first().click();
    await expect(page.getByText('No shows yet').first()).toBeVisible();
    await shot(page, 'podcasts-empty-desktop');

    // The setup wizard (the full-page onboarding flag is off here): Welcome, About your show (the name rule in the spec's words), Cover art, Connect hosting, All set.
    await page.getByRole('button', { name: 'New show' }).click();
    await expect(page.getByText('Let’s set up your show').first()).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Show name').fill('abc');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(PODCAST_MESSAGES.nameMin).first()).toBeVisible();
    await page.getByLabel('Show name').fill(SHOW);
    await page.getByLabel('Description').fill('Stories from the harbour, every week.');
    // The primary category the feed check asks for is asked here, so the first publish is not refused for it.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(PODCAST_MESSAGES.categoryRequired).first()).toBeVisible();
    await page.getByRole('dialog').getByLabel('Primary category').click();
    await page.getByRole('option', { name: 'History', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Author').fill('Harbour Crew');
    await shot(page, 'podcasts-wizard-about-desktop');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.locator('input[type="file"]').setInputFiles(path.join(files, 'cover.png'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Where should episodes be hosted?').first()).toBeVisible();
    await shot(page, 'podcasts-wizard-hosting-desktop');
    await page.getByRole('button', { name: 'Continue' }).click();
    // The instance lets users bring their own ElevenLabs key (the default engines), so the AI voices step is asked of everyone.
    await expect(page.getByLabel('ElevenLabs API key (optional)')).toBeVisible();
    await shot(page, 'podcasts-wizard-voices-desktop');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(`“${SHOW}” is ready.`).first()).toBeVisible();
    await page.getByRole('button', { name: 'Finish' }).click();

    const card = page.getByRole('article', { name: SHOW });
    await expect(card).toBeVisible();
    await expect(card.getByText('Built-in host')).toBeVisible();

    // Edit Podcast: the primary category and the owner's email the publish check and directories need.
    await card.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Podcast' });
    await expect(dialog.getByLabel('Primary category', { exact: true })).toBeVisible();
    // Spreaker is not set up on this instance: no Spreaker Show ID to type (spec 001 section 2).
    await expect(dialog.getByLabel('Spreaker Show ID')).toHaveCount(0);
    await dialog.getByLabel('Primary category', { exact: true }).click();
    await page.getByRole('option', { name: 'Technology', exact: true }).click();
    await dialog.getByLabel('Owner name').fill('Ada Harbour');
    await dialog.getByLabel('Owner email').fill('ada@example.com');
    await shot(page, 'podcasts-edit-desktop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const [show] = await api<{ id: string; rss_url: string; category_id: string | null }[]>('/api/podcasts/');
    expect(show?.category_id).toBe('Technology');
    await seedEpisode(show!.id);

    // Publish now from the show's episode list; the dialog polls the status until it settles.
    await card.getByRole('button', { name: 'Episodes' }).click();
    await expect(card.getByText(EPISODE)).toBeVisible();
    // Schedule by date and time in a chosen time zone (issue 19): the browser's zone is offered first.
    await card.getByRole('button', { name: 'Schedule' }).click();
    const publishDialog = page.getByRole('dialog', { name: `Publish “${EPISODE}”` });
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect(publishDialog.getByRole('combobox', { name: 'Time zone' })).toHaveValue(browserZone);
    await publishDialog.getByLabel('Date').fill('2020-01-01');
    await publishDialog.getByLabel('Time', { exact: true }).fill('10:00');
    await expect(publishDialog.getByText(PUBLISH_MESSAGES.scheduleLead)).toBeVisible();
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    await publishDialog.getByLabel('Date').fill(tomorrow);
    await publishDialog.getByLabel('Time', { exact: true }).fill('09:07');
    await expect(publishDialog.getByText(PUBLISH_MESSAGES.scheduleStep)).toBeVisible();
    await publishDialog.getByLabel('Time', { exact: true }).fill('09:05');
    await publishDialog.getByRole('combobox', { name: 'Time zone' }).fill('Pacific/Auckland');
    await page.getByRole('option', { name: 'Pacific/Auckland', exact: true }).click();
    await expect(publishDialog.getByText(PUBLISH_MESSAGES.scheduleStep)).toBeHidden();
    await shot(page, 'podcasts-schedule-desktop');
    await publishDialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(publishDialog).toBeHidden();
    const [scheduled] = await api<{ status: string; publish_at: string; publish_at_local: string }[]>(`/api/podcasts/${show!.id}/episodes`);
    expect(scheduled?.status).toBe('scheduled');
    expect(scheduled?.publish_at_local).toBe(`${tomorrow} 09:05 Pacific/Auckland`);
    expect(wallClock(new Date(scheduled!.publish_at), 'Pacific/Auckland')).toEqual({ date: tomorrow, time: '09:05' });
    // The list shows it in the zone it was scheduled in.
    await expect(card.getByText(/09:05 GMT\+1[23]/)).toBeVisible();

    // Once the host holds it (the publish job has run), a scheduled episode offers Publish now, Schedule (to change
    // it, from the time it has) and Unpublish (to cancel it).
    await expect
      .poll(async () => (await api<{ publish_state: string | null }[]>(`/api/podcasts/${show!.id}/episodes`))[0]?.publish_state, {
        timeout: 30_000,
      })
      .toBeNull();
    await page.reload();
    await card.getByRole('button', { name: 'Episodes' }).click();
    await expect(card.getByRole('button', { name: 'Publish now' })).toBeVisible();
    await card.getByRole('button', { name: 'Schedule' }).click();
    await expect(publishDialog.getByTestId('publish-current-schedule')).toContainText(/09:05 GMT\+1[23]/);
    await expect(publishDialog.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Pacific/Auckland');
    await expect(publishDialog.getByLabel('Time', { exact: true })).toHaveValue('09:05');
    await expect(publishDialog.getByLabel('Date', { exact: true })).toHaveValue(tomorrow);
    await shot(page, 'podcasts-reschedule-desktop');
    await publishDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(publishDialog).toBeHidden();
    // Episode History offers the same, and shows the time on Auckland's clock.
    await page.goto('/dashboard/episodes');
    await expect(page.getByText(/09:05 GMT\+1[23]/).first()).toBeVisible();
    await page.getByRole('button', { name: `More actions for ${EPISODE}` }).click();
    for (const item of ['Publish now', 'Schedule', 'Unpublish']) {
      await expect(page.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
    }
    await shot(page, 'episode-history-scheduled-menu-desktop');
    await page.keyboard.press('Escape');
    await page.goto('/dashboard/podcasts');
    await card.getByRole('button', { name: 'Episodes' }).click();

    // Taken back to a draft (the schedule cancelled), then published now.
    await card.getByRole('button', { name: 'Unpublish' }).click();
    const unpublishDialog = page.getByRole('dialog', { name: 'Unpublish episode' });
    await expect(unpublishDialog.getByTestId('unpublish-cancels-schedule')).toContainText(/09:05 GMT\+1[23]/);
    await unpublishDialog.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await expect(unpublishDialog).toBeHidden();
    await card.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(publishDialog.getByRole('combobox', { name: 'Time zone' })).toBeHidden();
    await publishDialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(publishDialog).toBeHidden();
    await expect
      .poll(
        async () =>
          (await api<{ status: string; last_error: string | null }[]>(`/api/podcasts/${show!.id}/episodes`)).map(
            (e) => e.last_error ?? e.status,
          ),
        { timeout: 30_000 },
      )
      .toEqual(['published']);
    await page.reload();
    await card.getByRole('button', { name: 'Episodes' }).click();
    await expect(card.getByText('published', { exact: true })).toBeVisible();
    await shot(page, 'podcasts-published-desktop');

    // The feed URL on the card opens the public feed, and the episode is in it with a working enclosure.
    const feedUrl = await card.getByRole('link', { name: 'RSS feed' }).getAttribute('href');
    expect(feedUrl).toBe(show!.rss_url);
    const feed = await page.request.get(feedUrl!.replace(/^http:\/\/localhost:\d+/, app.baseUrl));
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = await feed.text();
    expect(xml).toContain(`<title>${EPISODE}</title>`);
    expect(xml).toContain(`<title>${SHOW}</title>`);
    const enclosure = /<enclosure url="([^"]+)" length="(\d+)" type="audio\/mpeg"\/>/.exec(xml);
    expect(enclosure).not.toBeNull();
    const audio = await page.request.get(enclosure![1]!.replace(/^http:\/\/localhost:\d+/, app.baseUrl), {
      headers: { range: 'bytes=0-99' },
    });
    expect(audio.status()).toBe(206);
    expect((await audio.body()).length).toBe(100);
    expect(audio.headers()['content-range']).toBe(`bytes 0-99/${enclosure![2]}`);

    // The settled publish rang the bell (issue 19), and the notice opens the episode in Episode History.
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAttribute('aria-label', /^Notifications, \d+ unread$/, { timeout: 30_000 });
    await bell.click();
    const notice = page.getByRole('button', { name: 'Episode published (unread)' });
    await expect(notice).toContainText(`"${EPISODE}" is published.`);
    await notice.click();
    await expect(page).toHaveURL(/\/dashboard\/episodes\?episode=/);
  });

  test('shows the distribution checklist and asks for the word delete before deleting', async ({ openPage }) => {
    const page = await openPage(PHONE, { token, storage: { [ONBOARDING.storage.fullPage]: '0' } });
    await page.goto('/dashboard/podcasts');
    const card = page.getByRole('article', { name: SHOW });
    await expect(card).toBeVisible();
    await shot(page, 'podcasts-phone', true);
    await card.getByRole('button', { name: 'Distribution' }).click();
    const checklist = page.getByRole('dialog', { name: /Distribution checklist/ });
    await expect(checklist.getByText('Apple Podcasts').first()).toBeVisible();
    await checklist.getByLabel('Apple Podcasts status').click();
    await page.getByRole('option', { name: 'In progress' }).click();
    await expect
      .poll(
        async () =>
          (
            await api<{ items: { key: string; status: string }[] }>(
              `/api/podcasts/${(await api<{ id: string }[]>('/api/podcasts/'))[0]!.id}/distribution/checklist`,
            )
          ).items.find((i) => i.key === 'apple_podcasts')?.status,
      )
      .toBe('in_progress');
    await shot(page, 'podcasts-checklist-phone');
    await page.keyboard.press('Escape');

    await card.getByRole('button', { name: `More actions for ${SHOW}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete show' });
    const button = confirm.getByRole('button', { name: 'Delete show' });
    await expect(button).toBeDisabled();
    await confirm.getByLabel('Confirmation').fill('delete');
    await shot(page, 'podcasts-delete-phone');
    await button.click();
    await expect(page.getByText('No shows yet').first()).toBeVisible();
  });
});
