/**
 * Issue 10, public pages: landing (both layouts, editable content, the experiment, a published
 * episode playing in its player), pricing (modes, annual note, founders countdown and 'Offer ended'),
 * legal, help, contact, docs, verify (idle, success with a real code from the outbox, error), /error
 * and 404 pages in Chromium, with screenshots at desktop and phone widths and every text measured
 * against its background (WCAG 4.5:1).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEFAULT_LANDING_CONTENT, MESSAGES, PRICING, countdownParts } from '@ppp/contracts';
import { openOrm } from '@ppp/server/db';
import { LocalStorage } from '@ppp/server/domain';
import { seedAssembledEpisode } from '@ppp/server/test-support';
import { textContrast } from './contrast.ts';
import {
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  apiClient,
  freePort,
  launchChromium,
  outboxCode,
  pollUntil,
  register,
  startApp,
  type RunningApp,
  closeJourneyPages,
  openJourneyPage,
  type Viewport,
  launcherDatabaseUrl,
} from './harness.ts';

let app: RunningApp;
let browser: Browser;
let pgPort = 0;
const ADMIN = { email: 'owner@example.com', password: 'correct horse battery' };
const files = mkdtempSync(path.join(tmpdir(), 'ppp-e2e-public-'));
const storageDir = mkdtempSync(path.join(tmpdir(), 'ppp-e2e-public-storage-'));

const newPage = (viewport: Viewport, storage: Record<string, string> = {}): Promise<Page> =>
  openJourneyPage(browser, app.baseUrl, viewport, { storage });

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(300); // let transitions settle
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

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
  const form = new FormData();
  form.append('name', 'Garden Hour');
  form.append('description', 'Plants, soil and the people who grow them.');
  form.append('cover_image', new Blob([readFileSync(cover)], { type: 'image/png' }), 'cover.png');
  const show = (await api('POST', '/api/podcasts/', form)).body as { id: string };
  // What the built-in host's publish check and the directories need: a category and an owner.
  const details = {
    name: 'Garden Hour',
    description: 'Plants, soil and the people who grow them.',
    category_id: 'Technology',
    owner_name: 'Ada Garden',
    owner_email: 'ada@example.com',
  };
  expect((await api('PUT', `/api/podcasts/${show.id}`, details)).status).toBe(200);
  const me = (await api('GET', '/api/users/me')).body as { id: string };
  const orm = await openOrm(await launcherDatabaseUrl(app, pgPort), { poolMax: 2 });
  const episode = await seedAssembledEpisode(
    orm,
    new LocalStorage(storageDir),
    files,
    { userId: me.id, podcastId: show.id },
    { title, seconds: 6 },
  ).finally(() => orm.close());
  expect((await api('POST', `/api/episodes/${episode.id}/publish`, { mode: 'now' })).status).toBe(200);
  const status = async () =>
    (await api('GET', `/api/episodes/${episode.id}/publish/status`)).body as { status: string; last_error: string | null };
  expect(
    await pollUntil(status, (s) => s.status === 'published' || s.last_error !== null, 60_000, 'the publish job', app.output),
  ).toMatchObject({ status: 'published', last_error: null });
}

beforeAll(async () => {
  pgPort = await freePort();
  [app, browser] = await Promise.all([startApp({ EMBEDDED_PG_PORT: String(pgPort), STORAGE_DIR: storageDir }), launchChromium()]);
});

afterAll(async () => {
  await closeJourneyPages();
  await browser?.close().catch(() => undefined);
  await app?.stop();
  rmSync(files, { recursive: true, force: true });
  rmSync(storageDir, { recursive: true, force: true });
});

describe('landing page', () => {
  it('regular layout: every section, anchors and links, without the workspace bundle', async () => {
    const page = await newPage(DESKTOP);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/?layout=regular');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Your podcast, produced in minutes' }).isVisible()).toBe(true);
    expect(await page.locator('main[data-layout="regular"]').count()).toBe(1);
    for (const text of ['10K+', '50K+', '95%', '5 min', 'Free 14-day trial', 'No credit card required']) {
      expect(await page.getByText(text, { exact: true }).first().isVisible()).toBe(true);
    }
    for (const id of ['how-it-works', 'testimonials', 'faq']) expect(await page.locator(`#${id}`).count()).toBe(1);
    expect(await page.getByRole('heading', { name: DEFAULT_LANDING_CONTENT.reviews_heading }).isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'Rated 4.8 out of 5' }).count()).toBe(1);
    // No published episodes yet: the section is hidden.
    expect(await page.getByRole('heading', { name: 'Fresh from the studio' }).count()).toBe(0);
    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const href of ['/subscriptions', '/privacy', '/terms']) expect(await footer.locator(`a[href="${href}"]`).count()).toBe(1);
    expect(await page.evaluate(() => [localStorage.getItem('ppp.landing.layout'), localStorage.getItem('ppp.landing.layoutMode')])).toEqual(
      ['regular', 'manual'],
    );
    expect(scripts.some((u) => u.includes('WorkspaceLayout'))).toBe(false);
    await expectReadable(page);
    await shot(page, 'landing-regular-desktop');
    await shot(page, 'landing-regular-desktop-full', true);

    const see = page.getByRole('button', { name: 'See how it works' });
    await see.click();
    await expect.poll(() => see.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(visible(page, 'Your first session, step by step')).toBe(true);
    const faq = DEFAULT_LANDING_CONTENT.faqs[1];
    await page.getByRole('button', { name: faq?.question ?? '' }).click();
    await expect.poll(visible(page, faq?.answer ?? '')).toBe(true);
    await see.click();
    await expect.poll(() => see.getAttribute('aria-expanded')).toBe('false');
  });

  it('Make my first episode and Sign In open the dialog', async () => {
    const page = await newPage(PHONE);
    await page.goto('/?layout=regular');
    await page.getByRole('button', { name: MESSAGES.makeFirstEpisode }).first().click();
    await expect.poll(() => page.getByRole('dialog').getByText('Create your account').first().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expectReadable(page);
    await shot(page, 'landing-regular-phone');
    await shot(page, 'landing-regular-phone-full', true);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByRole('dialog').getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
  });

  it('ab layout, and the manual switch reloads into the chosen layout', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/?layout=ab');
    await expect.poll(() => page.locator('main[data-layout="ab"]').count()).toBe(1);
    await expect.poll(() => page.getByRole('img', { name: /An episode in the studio/ }).isVisible()).toBe(true);
    await expectReadable(page);
    await shot(page, 'landing-ab-desktop');
    await shot(page, 'landing-ab-desktop-full', true);

    await page.getByLabel('Page layout').selectOption('regular');
    await page.waitForURL((url) => !url.search.includes('layout='));
    await expect.poll(() => page.locator('main[data-layout="regular"]').count()).toBe(1);
    await page.goto('/');
    await expect.poll(() => page.locator('main[data-layout="regular"]').count()).toBe(1);
    await page.getByLabel('Page layout').selectOption('auto');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('ppp.landing.layoutMode'))).toBe('auto');
    const bucket = await page.evaluate(() => localStorage.getItem('ppp.landing.layout'));
    await expect.poll(() => page.locator(`main[data-layout="${bucket}"]`).count()).toBe(1);

    const phone = await newPage(PHONE);
    await phone.goto('/?layout=ab');
    await expect.poll(() => phone.locator('main[data-layout="ab"]').count()).toBe(1);
    await shot(phone, 'landing-ab-phone');
  });

  it('shows the content an admin saves, with the hero sanitised, in high contrast too', async () => {
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
    const page = await newPage(DESKTOP, { 'ppp.displayOptions': JSON.stringify({ largeText: true, highContrast: true }) });
    await page.goto('/?layout=regular');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Studio-quality shows, zero editing' }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'What hosts say' }).isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'Rated 3.5 out of 5' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Does it work on phones?' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await shot(page, 'landing-edited-high-contrast-desktop');
  });

  it('lists an episode published on the built-in host, and its player plays it', async () => {
    const title = 'Compost, explained';
    await publishEpisode(await adminToken(), title);
    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await newPage(viewport);
      await page.goto('/?layout=regular');
      const card = page.getByRole('article', { name: title });
      await expect.poll(() => card.isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Fresh from the studio' }).isVisible()).toBe(true);
      expect(await card.getByText(`Show notes for ${title}.`).isVisible()).toBe(true);
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

describe('pricing page', () => {
  it('standard by default, monthly/annual with the Starter note, founders forces annual off', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/pricing');
    const standard = page.getByRole('radio', { name: 'Standard Pricing (Nov 1)' });
    await expect.poll(() => standard.isChecked()).toBe(true);
    expect(await page.getByText(PRICING.starterAnnualNote).isVisible()).toBe(true);
    const creator = page.getByRole('article', { name: 'Creator' });
    expect(await creator.getByText('$39', { exact: true }).isVisible()).toBe(true);
    // Each plan's button starts its checkout (signed out: sign-up keeping the plan, checked at the end).
    expect(await page.getByRole('article', { name: 'Starter' }).getByRole('button', { name: 'Start with Starter' }).isVisible()).toBe(true);
    expect(await creator.getByRole('button', { name: 'Start with Creator' }).isVisible()).toBe(true);
    expect(await page.getByRole('article', { name: 'Pro' }).getByRole('button').count()).toBe(1);
    expect(await page.getByRole('article', { name: 'Enterprise' }).getByRole('link').getAttribute('href')).toBe('/contact');
    expect(await page.getByRole('table').getByText('Sound effects and templates').isVisible()).toBe(true);
    const now = countdownParts(new Date());
    if (now.ended) await expect.poll(() => page.getByTestId('founders-countdown').getByText(PRICING.offerEnded).isVisible()).toBe(true);
    else await expect.poll(() => page.getByRole('timer').isVisible()).toBe(true);
    await expectReadable(page);
    await shot(page, 'pricing-desktop');
    await shot(page, 'pricing-desktop-full', true);

    await page.getByText('Annual (Save 20%)', { exact: true }).click();
    await expect.poll(() => creator.getByText('$31', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('article', { name: 'Starter' }).getByText('Monthly billing only').isVisible()).toBe(true);
    await page.getByText('Founders Pricing', { exact: true }).click();
    await expect.poll(() => page.getByRole('article', { name: 'Creator Lifetime' }).isVisible()).toBe(true);
    expect(await page.getByText('$199 once').isVisible()).toBe(true);
    expect(await page.getByRole('radiogroup', { name: 'Billing period' }).count()).toBe(0);
    await expectReadable(page);
    await shot(page, 'pricing-founders-desktop');
    await page.getByText('Standard Pricing (Nov 1)', { exact: true }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);
    expect(await creator.getByText('$39', { exact: true }).isVisible()).toBe(true);
    // Signed out, choosing a plan goes to sign-up with the plan kept in the address.
    await creator.getByRole('button', { name: 'Start with Creator' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('plan')).toBe('creator');
  });

  it('the founders countdown ticks every second before Sept 30 23:59:59 and ends after', async () => {
    const year = new Date().getFullYear();
    const before = await newPage(PHONE);
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

    const after = await newPage(DESKTOP);
    await after.clock.install({ time: new Date(year, 9, 1, 0, 0, 1) });
    await after.goto('/pricing');
    await expect.poll(() => after.getByTestId('founders-countdown').getByText(PRICING.offerEnded).isVisible()).toBe(true);
    await after.getByText('Founders Pricing', { exact: true }).click();
    await expect.poll(() => after.getByRole('button', { name: PRICING.offerEnded }).first().isDisabled()).toBe(true);
  });
});

describe('legal, help, contact, docs, verify and 404 pages', () => {
  const pages: { path: string; heading: string; facts: string[] }[] = [
    { path: '/terms', heading: 'Terms of Use', facts: ['13', '$100'] },
    { path: '/privacy', heading: 'Privacy Policy', facts: ['24 months', 'about 7 years'] },
    { path: '/help', heading: 'Help Center', facts: ['Flubber, Intern and templates'] },
    { path: '/docs/podcast-website-builder', heading: 'Website Builder Guide', facts: ['CNAME', 'Pro and above'] },
    { path: '/contact', heading: 'Contact Sales', facts: ['Write the email'] },
  ];

  it.each(pages)('$path renders on the shared layout', async ({ path: url, heading, facts }) => {
    const page = await newPage(DESKTOP);
    await page.goto(url);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
    for (const fact of facts) expect(await page.getByText(fact).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/?login=1');
    await expectReadable(page);
    const name = url.split('/').filter(Boolean).join('-');
    await shot(page, `${name}-desktop`);
    const phone = await newPage(PHONE);
    await phone.goto(url);
    await expect.poll(() => phone.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
    await expectReadable(phone);
    await shot(phone, `${name}-phone`);
  });

  it('the API reference at /api/docs renders under the security policy', async () => {
    const page = await newPage(DESKTOP);
    await page.goto('/api/docs', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.getByRole('heading', { name: 'Podcast Plus Plus API' }).first().isVisible()).toBe(true);
    await shot(page, 'api-docs-desktop');
  });

  it('the contact form explains what is missing', async () => {
    const page = await newPage(PHONE);
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Write the email' }).click();
    await expect.poll(visible(page, 'Name is required')).toBe(true);
    expect(await page.getByText('Email is required.').isVisible()).toBe(true);
    await expectReadable(page);
    await shot(page, 'contact-errors-phone');
  });

  it('verify: Verifying… while the request runs, then the error of a missing token or a wrong code', async () => {
    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await newPage(viewport);
      // Held until the screenshot is taken, so the idle/verifying state is the one captured.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/trpc/auth.confirmEmail*', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/verify?token=000001&email=nobody%40example.com');
      await expect.poll(visible(page, MESSAGES.verifying)).toBe(true);
      expect(await page.getByRole('heading', { level: 1, name: MESSAGES.emailVerificationTitle }).isVisible()).toBe(true);
      await expectReadable(page);
      await shot(page, `verify-verifying-${suffix}`);
      release();
      await expect.poll(() => page.getByRole('alert').isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/onboarding');
      expect(await page.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
      await expectReadable(page);
      await shot(page, `verify-error-${suffix}`);

      await page.goto('/verify');
      await expect.poll(visible(page, MESSAGES.missingVerificationToken)).toBe(true);
      await expectReadable(page);
      await shot(page, `verify-missing-${suffix}`);
    }
  });

  it('verify: the code mailed to a new account confirms it', async () => {
    const creator = { email: 'verify-me@example.com', password: 'correct horse battery' };
    const admin = await adminToken();
    expect((await register(app.baseUrl, creator)).is_active).toBe(false);
    const code = await outboxCode(app.baseUrl, admin, creator.email);
    const page = await newPage(DESKTOP);
    await page.goto(`/verify?token=${code}&email=${encodeURIComponent(creator.email)}`);
    await expect.poll(() => page.getByRole('status').getByText(MESSAGES.verifySuccess).isVisible()).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
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

  it.each([
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const)('404 and error pages at %o', async (viewport, suffix) => {
    const page = await newPage(viewport);
    await page.goto('/no-such-page');
    await expect.poll(visible(page, MESSAGES.pageNotFound)).toBe(true);
    // Spec 002 §2.16: 'Go Home and Open Dashboard links to /'.
    expect(await page.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Open Dashboard' }).getAttribute('href')).toBe('/');
    await expectReadable(page);
    await shot(page, `not-found-${suffix}`);
    await page.goto('/error');
    await expect.poll(visible(page, MESSAGES.somethingWentWrong)).toBe(true);
    expect(await page.getByRole('alert').innerText()).toBe(MESSAGES.unexpected);
    expect(await page.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Open Dashboard' }).isVisible()).toBe(true);
    await expectReadable(page);
    await shot(page, `error-${suffix}`);
  });
});
