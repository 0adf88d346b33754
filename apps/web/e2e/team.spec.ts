/**
 * Teams in the browser (issue 34): the owner, on Enterprise, invites an editor and a viewer from
 * Settings' Team tab; each accepts from the link the invitation mail carries (the viewer signed out
 * first, signing in on the acceptance page); the editor, acting in the owner's workspace, builds an
 * episode of the owner's show in the Episode Creator and publishes it; the viewer sees it with no edit
 * buttons; the owner removes the editor, who then has neither the workspace nor the show.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { EPISODE_CREATOR_SHELL, PUBLISH_MESSAGES, TEAM, type TEpisode, type TPodcast } from '@ppp/contracts';
import { expect, test } from './fixtures.ts';
import {
  DESKTOP,
  apiClient,
  putOwnAccountOnTier,
  registerAndSignIn,
  registerConfirmedAccount,
  shot,
  supplyTranscript,
  uploadToCategory,
  type ApiCall,
  type RunningApp,
} from './harness.ts';
import { createPublishableShow, createTemplate } from './show-seeds.ts';

test.use({ launcherEnv: {} });

const PASSWORD = 'correct horse battery';
const OWNER = { email: 'owner@example.com', password: PASSWORD };
const EDITOR = { email: 'editor@example.com', password: PASSWORD };
const VIEWER = { email: 'viewer@example.com', password: PASSWORD };
const SHOW = 'Garden Talk';
const TEMPLATE = 'Garden Talk weekly';
const UPLOAD = 'Team take';
const TITLE = 'Made by the editor';
const WORKSPACE = `${OWNER.email}'s workspace`;

let app: RunningApp;
const tokens = { owner: '', editor: '', viewer: '' };
let ownerId = '';

/** REST as a member acting in the owner's workspace (the x-workspace header the web app sends). */
async function memberCall(token: string, method: string, url: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, [TEAM.workspaceHeader]: ownerId };
  const init: RequestInit = { method, headers };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${app.baseUrl}${url}`, init);
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** The acceptance link of the newest invitation mailed to this address (the owner, an instance admin, reads the outbox). */
async function invitationPath(email: string): Promise<string> {
  const res = await fetch(`${app.baseUrl}/api/admin/mail/outbox?to=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${tokens.owner}` },
  });
  const mails = (await res.json()) as { subject: string; text: string }[];
  const mail = mails.find((m) => m.subject.includes('invited'));
  const link = /\/team\/accept\?token=[^\s]+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no invitation link mailed to ${email}: ${JSON.stringify(mails)}`);
  return link;
}

async function invite(page: Page, email: string, role: 'Editor' | 'Viewer') {
  const form = page.getByRole('form', { name: 'Invite a team member' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: new RegExp(`^${role}`) }).click();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('team-invite').filter({ hasText: email })).toBeVisible();
}

/** The Episode Creator from the upload: the show's one template, no questions, no cover, published from the result screen. */
async function buildAndPublish(page: Page, mediaId: string) {
  await page.goto(`/dashboard/new-episode?upload=${mediaId}`);
  const useTemplate = page.getByRole('button', { name: `Use template ${TEMPLATE}` });
  const chosen = page.getByRole('button', { name: `Use ${UPLOAD}` });
  await expect(useTemplate.or(chosen)).toBeVisible({ timeout: 30_000 });
  if (await useTemplate.isVisible()) await useTemplate.click();
  await expect(chosen).toHaveAttribute('aria-pressed', 'true', { timeout: 30_000 });
  const proceed = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(proceed).toBeEnabled({ timeout: 30_000 });
  await proceed.click();
  const intents = page.getByRole('dialog').filter({ hasText: EPISODE_CREATOR_SHELL.intentsTitle });
  await expect(page.getByText('Step 3 of 6').or(intents)).toBeVisible({ timeout: 30_000 });
  if (await intents.isVisible()) {
    for (const answer of await intents.getByText('No', { exact: true }).all()) await answer.click();
    await intents.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(page.getByText('Step 3 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByTestId('cover-art-step')).toBeVisible();
  await page.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(page.getByTestId('details-step')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Episode Title').fill(TITLE);
  await page.getByLabel('Save as draft').check();
  await expect(page.getByTestId('minutes-check')).toHaveAttribute('data-state', 'ok', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Assemble Episode' }).click();
  await expect(page.getByTestId('assembly-result')).toBeVisible({ timeout: 240_000 });
  await page.getByRole('button', { name: 'Publish now' }).click();
  await page
    .getByRole('dialog', { name: `Publish “${TITLE}”` })
    .getByRole('button', { name: 'Publish', exact: true })
    .click();
  await expect(page.getByTestId('result-published')).toHaveText(PUBLISH_MESSAGES.publishedBuiltin, { timeout: 120_000 });
}

test.beforeAll(async ({ app: started }) => {
  app = started;
  // The instance's first account is its operator; as the owner here it is on Enterprise (10 seats).
  tokens.owner = await registerAndSignIn(app.baseUrl, OWNER);
  await putOwnAccountOnTier(app.baseUrl, tokens.owner, 'enterprise');
  tokens.editor = await registerConfirmedAccount(app.baseUrl, EDITOR, tokens.owner);
  tokens.viewer = await registerConfirmedAccount(app.baseUrl, VIEWER, tokens.owner);
  const owner = apiClient(
    () => app.baseUrl,
    () => tokens.owner,
  );
  ownerId = ((await owner('GET', '/api/users/me')).body as { id: string }).id;
});

test('an owner invites an editor and a viewer; the editor publishes in the owner’s show, the viewer only sees it, and the removed editor loses it', async ({
  openPage,
  scratchDir,
}) => {
  test.setTimeout(900_000);
  const cover = path.join(scratchDir, 'cover.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x2a9d8f:s=1400x1400', '-frames:v', '1', cover]);
  const owner = apiClient(
    () => app.baseUrl,
    () => tokens.owner,
  );
  const showId = await createPublishableShow(owner, SHOW, 'Talk about gardens.', cover);
  await createTemplate(owner, showId, TEMPLATE);

  const ownerPage = await openPage(DESKTOP, { token: tokens.owner });
  await test.step('the owner invites an editor and a viewer from the Team tab', async () => {
    await ownerPage.goto('/dashboard/settings?tab=team');
    // The Team tab's chunk and the first answers come slowly on a loaded machine.
    await expect(ownerPage.getByTestId('team-seats')).toHaveText('0 of 10 seats used', { timeout: 120_000 });
    await invite(ownerPage, EDITOR.email, 'Editor');
    await invite(ownerPage, VIEWER.email, 'Viewer');
    await expect(ownerPage.getByTestId('team-seats')).toHaveText('2 of 10 seats used');
    await shot(ownerPage, 'team-page-invited-desktop');
  });

  const editorPage = await openPage(DESKTOP, { token: tokens.editor });
  await test.step('the editor accepts from the mailed link and acts in the owner’s workspace', async () => {
    await editorPage.goto(await invitationPath(EDITOR.email));
    await expect(editorPage.getByTestId('invite-summary')).toHaveText(`${OWNER.email} invited you to ${WORKSPACE} as Editor.`);
    await shot(editorPage, 'team-accept-desktop');
    await editorPage.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(editorPage).toHaveURL(`${app.baseUrl}/dashboard`);
    const switcher = editorPage.getByTestId('workspace-switcher');
    await expect(switcher).toHaveText(WORKSPACE);
    await switcher.click();
    await expect(editorPage.getByRole('menuitem')).toHaveText([
      /editor@example\.com's workspace\s*Owner/,
      /owner@example\.com's workspace\s*Editor/,
    ]);
    await shot(editorPage, 'team-switcher-desktop');
    await editorPage.keyboard.press('Escape');
    // The used link says so.
    await editorPage.goto(await invitationPath(EDITOR.email));
    await expect(editorPage.getByRole('alert')).toHaveText('This invitation has already been used.');
  });

  await test.step('the viewer, signed out, signs in on the acceptance page and accepts', async () => {
    const page = await openPage(DESKTOP);
    await page.goto(await invitationPath(VIEWER.email));
    await expect(page.getByTestId('invite-summary')).toContainText('as Viewer');
    await page.getByRole('button', { name: 'Sign in to accept' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(VIEWER.email);
    await dialog.getByLabel(/^Password/).fill(VIEWER.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(`Signed in as ${VIEWER.email}.`)).toBeVisible();
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(page).toHaveURL(`${app.baseUrl}/dashboard`);
    await expect(page.getByTestId('workspace-switcher')).toHaveText(WORKSPACE);
  });

  await test.step('the editor builds an episode of the owner’s show in the Episode Creator and publishes it', async () => {
    const audio = path.join(scratchDir, 'take.mp3');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=8', '-ac', '1', audio]);
    const words = path.join(scratchDir, 'take.json');
    writeFileSync(
      words,
      JSON.stringify({ words: Array.from({ length: 15 }, (_, i) => ({ text: `garden${i}`, start: i * 0.5, end: i * 0.5 + 0.4 })) }),
    );
    const editorApi: ApiCall = (method, url, body) => memberCall(tokens.editor, method, url, body);
    const upload = await uploadToCategory(editorApi, 'main_content', audio, UPLOAD);
    await supplyTranscript(editorApi, upload.id, words, app.output);
    await buildAndPublish(editorPage, upload.id);
    const episodes = (await owner('GET', '/api/episodes/?limit=50')).body as { items: TEpisode[] };
    expect(episodes.items.map((e) => [e.title, e.status, e.podcast_id])).toEqual([[TITLE, 'published', showId]]);
  });

  await test.step('the viewer sees the show and the episode, with no button that changes them', async () => {
    const page = await openPage(DESKTOP, { token: tokens.viewer, storage: { 'ppp.workspace': ownerId } });
    await page.goto('/dashboard/episodes');
    // The list's first paint is slow on a loaded machine.
    await expect(page.getByRole('heading', { name: 'Episodes', level: 1 })).toBeVisible({ timeout: 120_000 });
    await page.getByText('List', { exact: true }).click({ timeout: 120_000 });
    await expect(page.getByTestId('episode-row').filter({ hasText: TITLE })).toBeVisible();
    await expect(page.getByRole('button', { name: `Edit ${TITLE}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Delete ${TITLE}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `More actions for ${TITLE}` })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'New Episode' })).toHaveCount(0);
    await page.goto('/dashboard/podcasts');
    await expect(page.getByRole('article', { name: SHOW })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New show' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `More actions for ${SHOW}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Episodes', exact: true }).click();
    await expect(page.getByRole('table', { name: `Episodes of ${SHOW}` })).toContainText(TITLE);
    await expect(page.getByRole('button', { name: 'Unpublish' })).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Workspace' });
    await expect(nav.getByRole('link', { name: 'Upload Audio' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Website Builder' })).toHaveCount(0);
    await shot(page, 'team-viewer-show-desktop');
  });

  await test.step("the owner gives the viewer only the show, on the member's row", async () => {
    await ownerPage.goto('/dashboard/settings?tab=team');
    const row = ownerPage.getByTestId('team-member').filter({ hasText: VIEWER.email });
    await row.getByLabel(`Shows of ${VIEWER.email}`).click();
    await ownerPage.getByRole('option', { name: SHOW }).click();
    await expect(ownerPage.getByText('The member was updated.')).toBeVisible();
    const members = (await memberCall(tokens.owner, 'GET', '/api/team/members')).body as { email: string; podcast_ids: string[] | null }[];
    expect(members.find((m) => m.email === VIEWER.email)?.podcast_ids).toHaveLength(1);
  });

  await test.step('the owner removes the editor, who then has neither the workspace nor the show', async () => {
    await ownerPage.goto('/dashboard/settings?tab=team');
    const row = ownerPage.getByTestId('team-member').filter({ hasText: EDITOR.email });
    await row.getByRole('button', { name: `Remove ${EDITOR.email}` }).click();
    await ownerPage.getByRole('dialog', { name: 'Remove team member' }).getByRole('button', { name: 'Remove' }).click();
    await expect(row).toHaveCount(0);
    // The editor's changes in the owner's workspace are on the page (the audit), and stay after the removal.
    const activity = ownerPage.getByRole('region', { name: 'Recent changes by members' });
    await expect(activity.getByTestId('team-activity').filter({ hasText: EDITOR.email }).first()).toBeVisible();
    // A viewport shot: a full-page one draws the fixed header mid-page.
    await activity.scrollIntoViewIfNeeded();
    await shot(ownerPage, 'team-page-after-removal-desktop');

    await editorPage.goto('/dashboard/podcasts');
    await expect(editorPage.getByTestId('workspace-switcher')).toHaveCount(0);
    await expect(editorPage.getByRole('heading', { name: 'My Podcasts' })).toBeVisible();
    await expect(editorPage.getByRole('article', { name: SHOW })).toHaveCount(0);
    expect(await editorPage.evaluate(() => localStorage.getItem('ppp.workspace'))).toBeNull();
    const shows = await memberCall(tokens.editor, 'GET', '/api/podcasts/');
    expect(shows.status).toBe(403);
    const own = (
      await apiClient(
        () => app.baseUrl,
        () => tokens.editor,
      )('GET', '/api/podcasts/')
    ).body as TPodcast[];
    expect(own.map((s) => s.name)).not.toContain(SHOW);
  });
});
