/** The journeys' harness: the real launcher (embedded PostgreSQL, server, worker), Debian's Chromium, accounts and uploads through REST. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TERMS } from '@ppp/contracts';
import { embeddedDatabaseUrl, readEmbeddedPassword } from '@ppp/server/db';
import { spokenSlots } from '@ppp/server/test-support';
import { chromium, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(HERE, '../../..');
export const SCREENSHOT_DIR = path.join(HERE, 'screenshots');
/** Debian's Chromium (scripts/system-deps.sh installs it); Playwright never downloads a browser. */
export const CHROMIUM = '/usr/bin/chromium';
/** The flags every journey's Chromium starts with. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningApp {
  baseUrl: string;
  /** The launcher's DATA_DIR (its database and stored files live under it). */
  dataDir: string;
  /** The port of the launcher's embedded PostgreSQL. */
  pgPort: number;
  /** Where the launcher keeps stored files (STORAGE_DIR, by default under DATA_DIR), for seeding. */
  storageDir: string;
  stop: () => Promise<void>;
  /** The launcher's recent output, for failure messages. */
  output: () => string;
}

export async function startApp(extraEnv: Record<string, string> = {}): Promise<RunningApp> {
  // The launcher serves WEB_DIST_DIR when set (a private build), else apps/web/dist.
  const webDist = extraEnv.WEB_DIST_DIR ?? process.env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} has no build: run \`pnpm --filter @ppp/web build\` first`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ppp-e2e-'));
  // As root, PostgreSQL runs as the postgres user, which must be able to enter the data folder.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, 'apps/server/src/launch.ts')], {
    cwd: REPO_ROOT,
    // NODE_ENV=test as under every runner (the launcher's default is production, which turns Dev Tools off).
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      // The journeys never reach the internet for a speech model.
      WHISPER_AUTO_DOWNLOAD: 'false',
      // Each journey file's database is thrown away; its music beds and compiled modules are shared.
      EMBEDDED_PG_THROWAWAY: 'true',
      MUSIC_BED_CACHE_DIR: path.join(tmpdir(), 'ppp-e2e-music-beds'),
      NODE_COMPILE_CACHE: path.join(tmpdir(), 'ppp-e2e-compile-cache'),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`launcher exited early:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }

  return {
    baseUrl,
    dataDir,
    pgPort: Number(extraEnv.EMBEDDED_PG_PORT ?? pgPort),
    storageDir: extraEnv.STORAGE_DIR ?? path.join(dataDir, 'storage'),
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The launcher's embedded database, opened with the password it keeps in its data folder (issue 14). */
export async function launcherDatabaseUrl(app: Pick<RunningApp, 'dataDir' | 'pgPort'>, pgPort = app.pgPort): Promise<string> {
  const password = await readEmbeddedPassword(path.join(app.dataDir, 'postgres'));
  if (!password) throw new Error(`no postgres-password in ${app.dataDir}`);
  return embeddedDatabaseUrl(pgPort, password);
}

/** The fake microphone (a beeping tone), allowed without a prompt, with audio that may start without a fresh gesture. */
export const FAKE_MEDIA_ARGS = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
] as const;

/** A Chromium of its own (extraArgs after the flags every journey needs), for a journey that needs other flags for one test. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export type Viewport = { width: number; height: number };

export interface JourneyPageOptions {
  /** Signed in as this bearer token (kept where the web app keeps it). */
  token?: string;
  /** More local-storage entries set before the app starts. */
  storage?: Record<string, string>;
  /** Journeys other than onboarding start past it (spec 002 §2.2 step 8: the local completed flag). */
  onboardingDone?: boolean;
}

/** The first page of a fresh context: the local storage set before the app starts, policy refusals reported. */
export async function startJourneyPage(
  context: BrowserContext,
  options: JourneyPageOptions,
  onPolicyViolation: (violation: string) => void,
): Promise<Page> {
  const storage: Record<string, string> = { ...options.storage };
  if (options.onboardingDone ?? true) storage['ppp.onboarding.completed'] = '1';
  if (options.token) storage.authToken = options.token;
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy'))
      onPolicyViolation(`${page.url()}: ${message.text()}`);
  });
  return page;
}

export interface Credentials {
  email: string;
  password: string;
}

/** A bearer token through the REST twin of sign-in (POST /api/auth/token). */
export async function signIn(baseUrl: string, account: Credentials): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: account.email, password: account.password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${account.email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Registers an account that accepts the current terms; a later account of an instance starts inactive, waiting for its code. */
export async function register(baseUrl: string, account: Credentials): Promise<{ is_active?: boolean }> {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, accept_terms: true, terms_version: TERMS.defaultVersion }),
  });
  return (await res.json()) as { is_active?: boolean };
}

/** Registers an account that accepts the current terms (the first of an instance is its active admin) and signs it in. */
export async function registerAndSignIn(baseUrl: string, account: Credentials): Promise<string> {
  await register(baseUrl, account);
  return signIn(baseUrl, account);
}

/**
 * The instance's first account is unlimited (issue 15); a journey about the free tier's limits puts
 * that account, the admin, on the free tier itself.
 */
export async function putOwnAccountOnTier(baseUrl: string, adminToken: string, tier: string): Promise<void> {
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const me = (await (await fetch(`${baseUrl}/api/users/me`, { headers })).json()) as { id: string };
  const res = await fetch(`${baseUrl}/api/admin/users/${me.id}`, { method: 'PATCH', headers, body: JSON.stringify({ tier }) });
  if (!res.ok) throw new Error(`tier of ${me.id}: ${res.status} ${await res.text()}`);
}

/** The newest 6-digit verification code mailed to this address, read from the mail outbox by an admin. */
export async function outboxCode(baseUrl: string, adminToken: string, email: string): Promise<string> {
  const outbox = await fetch(`${baseUrl}/api/admin/mail/outbox?to=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const mails = (await outbox.json()) as { text: string }[];
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no verification code in the outbox for ${email}`);
  return code;
}

/** In a closed alpha a confirmed account waits: the admin activates it (PATCH /api/admin/users/{id} {is_active: true}). */
export async function approveAccount(baseUrl: string, adminToken: string, userToken: string): Promise<void> {
  const me = (await (await fetch(`${baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${userToken}` } })).json()) as {
    id: string;
  };
  const res = await fetch(`${baseUrl}/api/admin/users/${me.id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ is_active: true }),
  });
  if (!res.ok) throw new Error(`approve ${me.id}: ${res.status} ${await res.text()}`);
}

/**
 * A later account, active: registered, and when it starts inactive confirmed with the 6-digit code an
 * admin reads from the mail outbox, signed in, and approved by the admin (a closed alpha).
 */
export async function registerConfirmedAccount(baseUrl: string, account: Credentials, adminToken: string): Promise<string> {
  const { is_active: active } = await register(baseUrl, account);
  if (!active) {
    const code = await outboxCode(baseUrl, adminToken, account.email);
    const confirmed = await fetch(`${baseUrl}/api/auth/confirm-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, code }),
    });
    if (!confirmed.ok) throw new Error(`confirm ${account.email}: ${confirmed.status} ${await confirmed.text()}`);
  }
  const token = await signIn(baseUrl, account);
  if (!active) await approveAccount(baseUrl, adminToken, token);
  return token;
}

export type ApiCall = (method: string, url: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

/** Calls to the app's REST paths as the token's user: a FormData body is sent as is, anything else as JSON. */
export function apiClient(baseUrl: () => string, token: () => string): ApiCall {
  return async (method, url, body) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token()}` };
    const init: RequestInit = { method, headers };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${baseUrl()}${url}`, init).catch((err: unknown) => {
      throw new Error(`${method} ${url}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
}

/** Screenshot of a journey's screen into e2e/screenshots (looked at by people, not compared). */
export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage, animations: 'disabled' });
}

/** Uploads one file to a media category (POST /api/media/upload/{category}) and answers the stored item. */
export async function uploadToCategory(
  api: ApiCall,
  category: string,
  file: string,
  friendlyName: string,
): Promise<{ id: string; filename: string }> {
  const form = new FormData();
  form.append('files', new Blob([readFileSync(file)]), path.basename(file));
  form.append('friendly_names', JSON.stringify([friendlyName]));
  const res = await api('POST', `/api/media/upload/${category}`, form);
  if (res.status >= 300) throw new Error(`upload to ${category}: ${res.status} ${JSON.stringify(res.body)}`);
  const [item] = res.body as { id: string; filename: string }[];
  if (!item) throw new Error(`upload to ${category}: no item answered`);
  return item;
}

/** Supplies an upload's words (a word JSON file, so the transcript is known) and waits until it is Ready. */
export async function supplyTranscript(api: ApiCall, mediaId: string, transcriptFile: string, log: () => string = () => ''): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(transcriptFile)]), path.basename(transcriptFile));
  const res = await api('POST', `/api/media/${mediaId}/transcript`, form);
  if (res.status !== 200) throw new Error(`transcript of ${mediaId}: ${res.status} ${JSON.stringify(res.body)}`);
  await expect
    .poll(
      async () =>
        ((await api('GET', '/api/media/main-content')).body as { id: string; transcript_ready: boolean }[]).find((m) => m.id === mediaId)
          ?.transcript_ready,
      { timeout: 180_000, message: `the transcript of ${mediaId}\n${log()}` },
    )
    .toBe(true);
}

/** Each phrase spoken by espeak-ng in its own slot of slotSeconds (44.1 kHz mono), joined into dir/speech.wav. */
export function speechTrack(dir: string, phrases: readonly string[], slotSeconds: number): string {
  return spokenSlots({ dir, name: 'speech', phrases, slotSeconds, sampleRate: 44100 }).wav;
}
