/**
 * Issue 10, public pages: landing (both layouts, editable content, the experiment, a published
 * episode playing in its player), pricing (modes, annual note, founders countdown and 'Offer ended'),
 * legal, help, contact, docs, verify (idle, success with a real code from the outbox, error), /error
 * and 404 pages in Chromium, with screenshots at desktop and phone widths and every text measured
 * against its background (WCAG 4.5:1).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEFAULT_LANDING_CONTENT, MESSAGES, PRICING, countdownParts } from '@ppp/contracts';
import { openOrm } from '@ppp/server/db';
import { LocalStorage } from '@ppp/server/domain';
import { seedAssembledEpisode } from '@ppp/server/test-support';
import { textContrast } from './contrast.ts';
import { DESKTOP, PHONE, apiClient, outboxCode, register, type RunningApp, launcherDatabaseUrl, shot } from './harness.ts';
import { expect, test } from './fixtures.ts';
import { createPublishableShow } from './show-seeds.ts';

test.use({ launcherEnv: {} });
// One app for the file: its tests go on from what the earlier ones left.
test.describe.configure({ mode: 'serial' });

let app: RunningApp;
const ADMIN = { email: 'owner@example.com', password: 'correct horse battery' };
let files = '';

/** Every text of the page reads at WCAG AA contrast (some text was measured, and none is below). */
async function expectReadable(page: Page) {
  const { measured, problems } = await textContrast(page);
  expect(measured).toBeGreaterThan(0);
  expect(problems).toEqual([]);
}

/** The first account of a fresh instance is its admin; its token edits the landing content. */
async function adminToken(): Promise<string> {
  await register(app.baseUrl, ADMIN);
  const res = await fetch(`${app.baseUrl}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * A show on the built-in host with one episode published on it, as podcasts.e2e publishes one: the
 * assembled episode seeded as the assembly job leaves it, then published now through REST.
 */
async function publishEpisode(token: string, title: string): Promise<void> {
  const api = apiClient(
    () => app.baseUrl,
    () => token,
  );
  const cover = path.join(files, 'cover.png');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x2b8a3e:s=1400x1400', '-frames:v', '1', cover]);
  const showId = await createPublishableShow(api, 'Garden Hour', 'Plants, soil and the people who grow them.', cover);
  const me = (await api('GET', '/api/users/me')).body as { id: string };
  const orm = await openOrm(await launcherDatabaseUrl(app), { poolMax: 2 });
  const episode = await seedAssembledEpisode(
    orm,
    new LocalStorage(app.storageDir),
    files,
    { userId: me.id, podcastId: showId },
    { title, seconds: 6 },
  ).finally(() => orm.close());
  expect((await api('POST', `/api/episodes/${episode.id}/publish`, { mode: 'now' })).status).toBe(200);
  const status = async () =>
    (await api('GET', `/api/episodes/${episode.id}/publish/status`)).body as { status: string; last_error: string | null };
  await expect.poll(status, { timeout: 60_000, message: 'the publish job' }).toMatchObject({ status: 'published', last_error: null });
}

test.beforeAll(async ({ app: started, scratchDir }) => {
  app = started;
  files = scratchDir;
});

test.describe('landing page', () => {
  test('regular layout: every section, anchors and links, without the workspace bundle', async ({ openPage }) => {
    const page = await openPage(DESKTOP);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/?layout=regular');
    await expect(page.getByRole('heading', { level: 1, name: 'Your podcast, produced in minutes' })).toBeVisible();
    await expect(page.locator('main[data-layout="regular"]')).toHaveCount(1);
    for (const text of ['10K+', '50K+', '95%', '5 min', 'Free 14-day trial', 'No credit card required']) {
      await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    }
    for (const id of ['how-it-works', 'testimonials', 'faq']) await expect(page.locator(`#${id}`)).toHaveCount(1);
    await expect(page.getByRole('heading', { name: DEFAULT_LANDING_CONTENT.reviews_heading })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Rated 4.8 out of 5' })).toHaveCount(1);
    // No published episodes yet: the section is hidden.
    await expect(page.getByRole('heading', { name: 'Fresh from the studio' })).toHaveCount(0);
    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const href of ['/subscriptions', '/privacy', '/terms']) await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    expect(await page.evaluate(() => [localStorage.getItem('ppp.landing.layout'), localStorage.getItem('ppp.landing.layoutMode')])).toEqual(
      ['regular', 'manual'],
    );
    expect(scripts.some((u) => u.includes('WorkspaceLayout'))).toBe(false);
    await expectReadable(page);
    await shot(page, 'landing-regular-desktop');
    await shot(page, 'landing-regular-desktop-full', true);

    const see = page.getByRole('button', { name: 'See how it works' });
    await see.click();
    await expect(see).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Your first session, step by step').first()).toBeVisible();
    const faq = DEFAULT_LANDING_CONTENT.faqs[1];
    await page.getByRole('button', { name: faq?.question ?? '' }).click();
    await expect(page.getByText(faq?.answer ?? '').first()).toBeVisible();
    await see.click();
    await expect(see).toHaveAttribute('aria-expanded', 'false');
  });

  test('Make my first episode and Sign In open the dialog', async ({ openPage }) => {
    const page = await openPage(PHONE);
    await page.goto('/?layout=regular');
    await page.getByRole('button', { name: MESSAGES.makeFirstEpisode }).first().click();
    await expect(page.getByRole('dialog').getByText('Create your account').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectReadable(page);
    await shot(page, 'landing-regular-phone');
    await shot(page, 'landing-regular-phone-full', true);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('ab layout, and the manual switch reloads into the chosen layout', async ({ openPage }) => {
    const page = await openPage(DESKTOP);
    await page.goto('/?layout=ab');
    await expect(page.locator('main[data-layout="ab"]')).toHaveCount(1);
    await expect(page.getByRole('img', { name: /An episode in the studio/ })).toBeVisible();
    await expectReadable(page);
    await shot(page, 'landing-ab-desktop');
    await shot(page, 'landing-ab-desktop-full', true);

    await page.getByLabel('Page layout').selectOption('regular');
    await page.waitForURL((url) => !url.search.includes('layout='));
    await expect(page.locator('main[data-layout="regular"]')).toHaveCount(1);
    await page.goto('/');
    await expect(page.locator('main[data-layout="regular"]')).toHaveCount(1);
    // The switch reloads the page: read storage once the new page has loaded, not during the reload.
    const reloaded = page.waitForEvent('load');
    await page.getByLabel('Page layout').selectOption('auto');
    await reloaded;
    await expect.poll(() => page.evaluate(() => localStorage.getItem('ppp.landing.layoutMode'))).toBe('auto');
    const bucket = await page.evaluate(() => localStorage.getItem('ppp.landing.layout'));
    await expect(page.locator(`main[data-layout="${bucket}"]`)).toHaveCount(1);

    const phone = await openPage(PHONE);
    await phone.goto('/?layout=ab');
    await expect(phone.locator('main[data-layout="ab"]')).toHaveCount(1);
    await shot(phone, 'landing-ab-phone');
  });

  test('shows the content an admin saves, with the hero sanitised, in high contrast too', async ({ openPage }) => {
    const token = await adminToken();
    const res = await fetch(`${app.baseUrl}/api/admin/landing`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        hero_html:
          '<h1>Studio-quality shows, <em>zero</em> editing</h1><p>Made by you.</p><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
        reviews_heading: 'What hosts say',
        reviews: [{ quote: 'Best tool I use.', author: 'Rae Kim', role: 'Host', rating: 3.5 }],
        faqs: [{ question: 'Does it work on phones?', answer: 'Yes, record from any modern browser.' }],
      }),
    });
    expect(res.status).toBe(200);
    const page = await openPage(DESKTOP, { storage: { 'ppp.displayOptions': JSON.stringify({ largeText: true, highContrast: true }) } });
    await page.goto('/?layout=regular');
    await expect(page.getByRole('heading', { level: 1, name: 'Studio-quality shows, zero editing' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What hosts say' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Rated 3.5 out of 5' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Does it work on phones?' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await shot(page, 'landing-edited-high-contrast-desktop');
  });

  test('lists an episode published on the built-in host, and its player plays it', async ({ openPage }) => {
    const title = 'Compost, explained';
    await publishEpisode(await adminToken(), title);
    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await openPage(viewport);
      await page.goto('/?layout=regular');
      const card = page.getByRole('article', { name: title });
      await expect(card).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Fresh from the studio' })).toBeVisible();
      await expect(card.getByText(`Show notes for ${title}.`)).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      // The show's cover (lazy, so once scrolled to) loads from the built-in host.
      await expect
        .poll(
          () => card.getByRole('img', { name: `Cover of ${title}` }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
          { timeout: 20_000 },
        )
        .toBe(1400);
      const player = card.locator('audio');
      expect(await player.getAttribute('aria-label')).toBe(`Play ${title}`);
      await player.evaluate((audio: HTMLAudioElement) => audio.play());
      // It plays: time moves on and the element is not paused or in error.
      await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
      expect(
        await player.evaluate((audio: HTMLAudioElement) => [audio.paused, audio.error?.code ?? null, Math.round(audio.duration)]),
      ).toEqual([false, null, 6]);
      await expectReadable(page);
      await shot(page, `landing-episodes-${suffix}`);
      await player.evaluate((audio: HTMLAudioElement) => audio.pause());
    }
  });
});

test.describe('pricing page', () => {
  test('standard by default, monthly/annual with the Starter note, founders forces annual off', async ({ openPage }) => {
    const page = await openPage(DESKTOP);
    await page.goto('/pricing');
    const standard = page.getByRole('radio', { name: 'Standard Pricing (Nov 1)' });
    await expect(standard).toBeChecked();
    await expect(page.getByText(PRICING.starterAnnualNote)).toBeVisible();
    const creator = page.getByRole('article', { name: 'Creator' });
    await expect(creator.getByText('$39', { exact: true })).toBeVisible();
    // Each plan's button starts its checkout (signed out: sign-up keeping the plan, checked at the end).
    await expect(page.getByRole('article', { name: 'Starter' }).getByRole('button', { name: 'Start with Starter' })).toBeVisible();
    await expect(creator.getByRole('button', { name: 'Start with Creator' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Pro' }).getByRole('button')).toHaveCount(1);
    expect(await page.getByRole('article', { name: 'Enterprise' }).getByRole('link').getAttribute('href')).toBe('/contact');
    await expect(page.getByRole('table').getByText('Sound effects and templates')).toBeVisible();
    const now = countdownParts(new Date());
    if (now.ended) await expect(page.getByTestId('founders-countdown').getByText(PRICING.offerEnded)).toBeVisible();
    else await expect(page.getByRole('timer')).toBeVisible();
    await expectReadable(page);
    await shot(page, 'pricing-desktop');
    await shot(page, 'pricing-desktop-full', true);

    await page.getByText('Annual (Save 20%)', { exact: true }).click();
    await expect(creator.getByText('$31', { exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Starter' }).getByText('Monthly billing only')).toBeVisible();
    await page.getByText('Founders Pricing', { exact: true }).click();
    await expect(page.getByRole('article', { name: 'Creator Lifetime' })).toBeVisible();
    await expect(page.getByText('$199 once')).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Billing period' })).toHaveCount(0);
    await expectReadable(page);
    await shot(page, 'pricing-founders-desktop');
    await page.getByText('Standard Pricing (Nov 1)', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    await expect(creator.getByText('$39', { exact: true })).toBeVisible();
    // Signed out, choosing a plan goes to sign-up with the plan kept in the address.
    await creator.getByRole('button', { name: 'Start with Creator' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('plan')).toBe('creator');
  });

  test('the founders countdown ticks every second before Sept 30 23:59:59 and ends after', async ({ openPage }) => {
    const year = new Date().getFullYear();
    const before = await openPage(PHONE);
    // The fake clock starts 2d 03h 01m 02s before the deadline and keeps running.
    await before.clock.install({ time: new Date(year, 8, 28, 20, 58, 57) });
    await before.goto('/subscriptions');
    const timer = before.getByRole('timer');
    const secondsLeft = async () => {
      const m = /^Time left: (\d+)d (\d\d)h (\d\d)m (\d\d)s$/.exec((await timer.getAttribute('aria-label')) ?? '');
      if (!m) return Number.NaN;
      return Number(m[1]) * 86_400 + Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
    };
    const start = 2 * 86_400 + 3 * 3600 + 62;
    await expect.poll(secondsLeft).toBeGreaterThan(start - 15);
    const shown = await secondsLeft();
    expect(shown).toBeLessThanOrEqual(start);
    await before.clock.runFor(3000);
    await expect.poll(secondsLeft).toBeLessThanOrEqual(shown - 3);
    await expectReadable(before);
    await shot(before, 'pricing-phone');
    await before.getByText('Founders Pricing', { exact: true }).click();
    await shot(before, 'pricing-founders-phone');

    const after = await openPage(DESKTOP);
    await after.clock.install({ time: new Date(year, 9, 1, 0, 0, 1) });
    await after.goto('/pricing');
    await expect(after.getByTestId('founders-countdown').getByText(PRICING.offerEnded)).toBeVisible();
    await after.getByText('Founders Pricing', { exact: true }).click();
    await expect(after.getByRole('button', { name: PRICING.offerEnded }).first()).toBeDisabled();
  });
});

test.describe('legal, help, contact, docs, verify and 404 pages', () => {
  const pages: { path: string; heading: string; facts: string[] }[] = [
    { path: '/terms', heading: 'Terms of Use', facts: ['13', '$100'] },
    { path: '/privacy', heading: 'Privacy Policy', facts: ['24 months', 'about 7 years'] },
    { path: '/help', heading: 'Help Center', facts: ['Flubber, Intern and templates'] },
    { path: '/docs/podcast-website-builder', heading: 'Website Builder Guide', facts: ['CNAME', 'Pro and above'] },
    { path: '/contact', heading: 'Contact Sales', facts: ['Write the email'] },
  ];

  for (const { path: url, heading, facts } of pages) {
    test(`${url} renders on the shared layout`, async ({ openPage }) => {
      const page = await openPage(DESKTOP);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      for (const fact of facts) await expect(page.getByText(fact).first()).toBeVisible();
      expect(await page.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/?login=1');
      await expectReadable(page);
      const name = url.split('/').filter(Boolean).join('-');
      await shot(page, `${name}-desktop`);
      const phone = await openPage(PHONE);
      await phone.goto(url);
      await expect(phone.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectReadable(phone);
      await shot(phone, `${name}-phone`);
    });
  }

  test('the API reference at /api/docs renders under the security policy', async ({ openPage }) => {
    const page = await openPage(DESKTOP);
    await page.goto('/api/docs', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { name: 'Podcast Plus Plus API' }).first()).toBeVisible();
    await shot(page, 'api-docs-desktop');
  });

  test('the contact form explains what is missing', async ({ openPage }) => {
    const page = await openPage(PHONE);
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Write the email' }).click();
    await expect(page.getByText('Name is required').first()).toBeVisible();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expectReadable(page);
    await shot(page, 'contact-errors-phone');
  });

  test('verify: Verifying… while the request runs, then the error of a missing token or a wrong code', async ({ openPage }) => {
    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await openPage(viewport);
      // The confirmation call is held until the verifying state has been measured and captured, then let through.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/trpc/auth.confirmEmail**', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/verify?token=000001&email=nobody%40example.com');
      await expect(page.getByText(MESSAGES.verifying).first()).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: MESSAGES.emailVerificationTitle })).toBeVisible();
      await expectReadable(page);
      await shot(page, `verify-verifying-${suffix}`);
      await expect(page.getByText(MESSAGES.verifying).first()).toBeVisible();
      release();
      await expect(page.getByRole('alert')).toBeVisible();
      expect(await page.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/onboarding');
      expect(await page.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
      await expectReadable(page);
      await shot(page, `verify-error-${suffix}`);

      await page.goto('/verify');
      await expect(page.getByText(MESSAGES.missingVerificationToken).first()).toBeVisible();
      await expectReadable(page);
      await shot(page, `verify-missing-${suffix}`);
    }
  });

  test('verify: the code mailed to a new account confirms it', async ({ openPage }) => {
    const creator = { email: 'verify-me@example.com', password: 'correct horse battery' };
    const admin = await adminToken();
    expect((await register(app.baseUrl, creator)).is_active).toBe(false);
    const code = await outboxCode(app.baseUrl, admin, creator.email);
    const page = await openPage(DESKTOP);
    await page.goto(`/verify?token=${code}&email=${encodeURIComponent(creator.email)}`);
    await expect(page.getByRole('status').getByText(MESSAGES.verifySuccess)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectReadable(page);
    await shot(page, 'verify-success-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'verify-success-phone');
    // The account is active now: it signs in.
    const res = await fetch(`${app.baseUrl}/api/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({ username: creator.email, password: creator.password }),
    });
    expect(res.status).toBe(200);
  });

  for (const [viewport, suffix] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    test(`404 and error pages at ${suffix} size`, async ({ openPage }) => {
      const page = await openPage(viewport);
      await page.goto('/no-such-page');
      await expect(page.getByText(MESSAGES.pageNotFound).first()).toBeVisible();
      // Spec 002 §2.16: 'Go Home and Open Dashboard links to /'.
      expect(await page.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('link', { name: 'Open Dashboard' }).getAttribute('href')).toBe('/');
      await expectReadable(page);
      await shot(page, `not-found-${suffix}`);
      await page.goto('/error');
      await expect(page.getByText(MESSAGES.somethingWentWrong).first()).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(MESSAGES.unexpected);
      expect(await page.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
      await expect(page.getByRole('link', { name: 'Open Dashboard' })).toBeVisible();
      await expectReadable(page);
      await shot(page, `error-${suffix}`);
    });
  }
});
