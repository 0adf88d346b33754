/**
 * Teams (issue 34), every call of the product under the one permission rule: the REST table and the
 * tRPC router are read whole (not hand-picked), every call either carries a workspace rule or is
 * named below as acting on the caller's own account, and every call with a rule is made by the
 * workspace's admin, editor and viewer and by an outsider, naming the owner's show, episode, upload
 * or template (or the owner's workspace by the x-workspace header when it names none). A role
 * without the action is refused 403 in the team's words and changes nothing; a role with it gets
 * what the owner gets; the outsider learns nothing (404 as today, or 403 for a workspace they are
 * not in). No worker runs: jobs stay queued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleAllows, TEAM_MESSAGES, type TTeamRole } from '@ppp/contracts';
import { AbDraftSchema } from '../../src/domain/ab-workspace/ab-draft.entity.ts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { closeApiBed, startApiBed, type ApiBed } from '../support/api-bed.ts';
import { tempDir } from '../support/audio-files.ts';
import { emptyTemplateRow, mediaItemRow, seedAssembledEpisode, seedShow } from '../support/episodes.ts';
import { teamPeople, type TeamPeople } from '../support/team.ts';
import {
  namesSubject,
  requestOf,
  restCalls,
  send,
  trpcCalls,
  type Subjects,
  type TeamAnswer,
  type TeamCall,
} from '../support/team-calls.ts';

/**
 * The calls that act on the caller's own account only, never in another's workspace (besides the
 * instance admin's, whose access is 'admin'): signing in and the profile, the caller's own
 * notifications, notify addresses, Spreaker connection and ElevenLabs key, billing and the plan
 * (the owner's alone), public pages and signed public files, the instance's transcription engine,
 * and the team's own calls (their service checks the roles). A new call must be given a rule or
 * be added here, with its reason.
 */
const ACCOUNT_ONLY = new Set([
  // Public: health, configuration, the waitlist, the landing page, sign-in and registration.
  'GET /api/health',
  'GET /api/public/config',
  'POST /api/public/waitlist',
  'GET /api/public/landing',
  'GET /api/public/episodes',
  'POST /api/auth/token',
  'POST /api/auth/register',
  'POST /api/auth/confirm-email',
  'POST /api/auth/resend-verification',
  'POST /api/auth/update-pending-email',
  'GET /api/auth/terms/info',
  'GET /api/auth/login/google',
  'GET /api/auth/google/callback',
  'GET /api/auth/spreaker/start',
  'GET /api/auth/spreaker/callback',
  // The instance's music library files (public by their id, as the library is everyone's).
  'GET /api/music/assets/{id}/file',
  // The signed-in person: sign out, password, terms, profile and preferences.
  'POST /api/auth/logout',
  'POST /api/auth/change-password',
  'POST /api/auth/terms/accept',
  'GET /api/auth/users/me',
  'GET /api/users/me',
  'PATCH /api/auth/users/me/prefs',
  // Their own bell and notify addresses (members get notices of their own: notifyShow).
  'GET /api/notifications/',
  'POST /api/notifications/read-all',
  'POST /api/notifications/{id}/read',
  'GET /api/users/me/notify-addresses',
  'POST /api/users/me/notify-addresses',
  'POST /api/users/me/notify-addresses/verify',
  'DELETE /api/users/me/notify-addresses/{email}',
  // Their own Spreaker connection and ElevenLabs key (outside accounts are the person's).
  'POST /api/auth/spreaker/ticket',
  'GET /api/spreaker/status',
  'POST /api/spreaker/disconnect',
  'GET /api/spreaker/shows',
  'GET /api/spreaker/show/{id}',
  'GET /api/spreaker/categories',
  'PUT /api/users/me/elevenlabs-key',
  // Billing, the plan and the minutes bought: the owner's alone.
  'GET /api/billing/usage',
  'GET /api/billing/subscription',
  'POST /api/billing/checkout',
  'GET /api/billing/checkout_result',
  'POST /api/billing/force_sync_session',
  'POST /api/billing/portal',
  'POST /api/billing/trial',
  // 'Your statistics': the caller's own account (the dashboard's figures in a workspace are /api/dashboard/stats).
  'GET /api/users/me/stats',
  // The instance's engine in use now (no one's data).
  'GET /api/transcription/engine',
  // tRPC twins of the same.
  'auth.register',
  'auth.login',
  'auth.confirmEmail',
  'auth.resendVerification',
  'auth.updatePendingEmail',
  'auth.logout',
  'auth.changePassword',
  'auth.termsInfo',
  'auth.acceptTerms',
  'auth.googleEnabled',
  'users.me',
  'users.updatePrefs',
  'public.config',
  'public.waitlist',
  'landing.content',
  'landing.episodes',
  'notifications.list',
  'notifications.unreadCount',
  'notifications.markRead',
  'notifications.markAllRead',
  'notifyAddresses.list',
  'notifyAddresses.add',
  'notifyAddresses.verify',
  'notifyAddresses.remove',
  'spreaker.status',
  'spreaker.connectTicket',
  'spreaker.disconnect',
  'spreaker.shows',
  'spreaker.mappedShow',
  'spreaker.categories',
  'speech.setElevenLabsKey',
  'billing.usage',
  'billing.subscription',
  'billing.ledger',
  'billing.checkout',
  'billing.checkoutResult',
  'billing.forceSyncSession',
  'billing.portal',
  'billing.startTrial',
  'retranscribe.engineNow',
]);

/** The team's own calls check roles in their service (invite, accept, members, leave). */
const isTeamCall = (call: TeamCall) => call.path.startsWith('/api/team/') || call.path.startsWith('team.');

const CALLS = [...restCalls(), ...trpcCalls()];
const WITH_RULE = CALLS.filter((call) => call.rule && !isTeamCall(call));
const MEMBERS: TTeamRole[] = ['admin', 'editor', 'viewer'];

let bed: ApiBed;
let storage: ReturnType<typeof tempDir>;
let files: LocalStorage;
let people: TeamPeople;
let subjects: Subjects;

/** A new show, episode, upload, template or /ab draft of the owner's (one each for a call that removes its subject). */
async function freshSubjects(label: string): Promise<Subjects> {
  const owner = people.owner.id;
  const podcast = await seedShow(bed.orm, files, owner, `Show ${label}`, null);
  const episode = await seedAssembledEpisode(
    bed.orm,
    files,
    storage.dir,
    { userId: owner, podcastId: podcast },
    { withAudio: label === 'shared' },
  );
  const em = bed.orm.em.fork();
  const media = mediaItemRow(em, owner, `talk-${label}`, { status: 'ready', durationSeconds: 3, transcriptReady: true });
  const template = emptyTemplateRow(em, owner, `Template ${label}`);
  template.podcast = podcast as never;
  const draftUpload = mediaItemRow(em, owner, `ab-${label}`, { status: 'ready', durationSeconds: 3, transcriptReady: true });
  const draft = em.create(AbDraftSchema, { user: owner, upload: draftUpload, podcast });
  await em.flush();
  return { podcast, episode: episode.id, media: media.id, template: template.id, abDraft: draft.id };
}

/** A fingerprint of every row of the owner's (each table with a user_id; their sessions aside, which a sign-in touches). */
async function ownerDigest(): Promise<string> {
  const connection = bed.orm.em.getConnection();
  const tables = await connection.execute<{ table_name: string }[]>(
    `select table_name from information_schema.columns where column_name = 'user_id' and table_schema = 'public' and table_name <> 'sessions' order by table_name`,
  );
  const parts: string[] = [];
  for (const { table_name: table } of tables) {
    const rows = await connection.execute<{ digest: string | null }[]>(
      `select md5(string_agg(t::text, '|' order by t::text)) as digest from "${table}" t where user_id = ?`,
      [people.owner.id],
    );
    parts.push(`${table}:${rows[0]?.digest ?? ''}`);
  }
  const audit = await connection.execute<{ n: number }[]>(`select count(*)::int as n from workspace_audit_entries`);
  return `${parts.join(',')};audit:${audit[0]?.n ?? 0}`;
}

/** Runs the tasks a few at a time (the machine is shared). */
async function inBatches<T>(tasks: (() => Promise<T>)[], size = 6): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < tasks.length; i += size) results.push(...(await Promise.all(tasks.slice(i, i + size).map((task) => task()))));
  return results;
}

/** Input refused before anything is looked up (a body the call cannot take): no one learns anything from it. */
const INPUT_REFUSED = new Set([400, 415, 422]);

/**
 * What an outsider naming the owner's subject may get: the service's 404 as today, the same refusal
 * of the input a member got, or (a list filtered by the owner's show) an answer of their own that
 * holds nothing of the owner's.
 */
function strangerAnswer(answer: TeamAnswer, memberStatuses: number[]): boolean {
  if (answer.status === 404) return true;
  if (INPUT_REFUSED.has(answer.status)) return memberStatuses.includes(answer.status);
  const owners = Object.values(subjects);
  return answer.status === 200 && !owners.some((id) => answer.text.includes(id));
}

const tokenOf = (who: TTeamRole | 'owner' | 'outsider') => people[who].token;

async function call(callDef: TeamCall, who: TTeamRole | 'owner' | 'outsider', named: Subjects = subjects): Promise<TeamAnswer> {
  return send(requestOf(bed.api.baseUrl, callDef, tokenOf(who), named, people.owner.id));
}

beforeAll(async () => {
  storage = tempDir('team-matrix');
  files = new LocalStorage(storage.dir);
  bed = await startApiBed({ STORAGE_DIR: storage.dir });
  people = await teamPeople(bed.api, bed.orm);
  subjects = await freshSubjects('shared');
}, 180_000);

afterAll(async () => {
  await closeApiBed({ ...bed, storage });
});

describe('the classification', () => {
  it('gives every call of the REST table and the tRPC router a workspace rule or names it as the caller’s own', () => {
    const unclassified = CALLS.filter((c) => !c.rule && c.access !== 'admin' && !isTeamCall(c) && !ACCOUNT_ONLY.has(c.name)).map(
      (c) => c.name,
    );
    expect(unclassified).toEqual([]);
    // The list names only calls that exist and carry no rule.
    const byName = new Map(CALLS.map((c) => [c.name, c]));
    expect([...ACCOUNT_ONLY].filter((name) => !byName.has(name) || byName.get(name)?.rule)).toEqual([]);
    expect(WITH_RULE.length).toBeGreaterThan(200);
  });
});

describe('every call with a rule, by role', () => {
  it('refuses each role without the action 403 in the team’s words, and nothing changes', async () => {
    const before = await ownerDigest();
    const refusals = WITH_RULE.flatMap((c) =>
      MEMBERS.filter((role) => c.rule && !roleAllows(role, c.rule.action)).map((role) => async () => ({
        c,
        role,
        answer: await call(c, role),
      })),
    );
    const wrong = (await inBatches(refusals))
      .filter(({ c, role, answer }) => answer.status !== 403 || answer.message !== TEAM_MESSAGES.roleForbids(role, c.rule!.action))
      .map(({ c, role, answer }) => `${c.name} as ${role}: ${answer.status} ${answer.message}`);
    expect(wrong).toEqual([]);
    expect(refusals.length).toBeGreaterThan(150);
    expect(await ownerDigest()).toBe(before);
  }, 300_000);

  it('answers each role with the action as it answers the owner, and the outsider as a stranger', async () => {
    const problems: string[] = [];
    const tasks = WITH_RULE.map((c) => async () => {
      const allowed = MEMBERS.filter((role) => roleAllows(role, c.rule!.action));
      // A call that removes its subject gets a fresh one per caller, so the others keep theirs.
      const own = async (who: TTeamRole | 'owner' | 'outsider') =>
        call(c, who, c.destructive && namesSubject(c) ? await freshSubjects(`${who}-${c.name}`) : subjects);
      const owner = await own('owner');
      if (owner.status === 403) problems.push(`${c.name} as owner: 403 ${owner.message}`);
      const answers = await Promise.all(allowed.map(async (role) => ({ role, answer: await own(role) })));
      for (const { role, answer } of answers) {
        const where = `${c.name} as ${role}: ${answer.status} ${answer.message ?? ''} (owner ${owner.status})`;
        if (answer.status === 403) problems.push(where);
        else if (c.reads && answer.status !== owner.status) problems.push(where);
        else if (namesSubject(c) && answer.status === 404 && owner.status !== 404) problems.push(where);
      }
      const outsider = await call(c, 'outsider');
      const stranger = namesSubject(c) && (c.transport === 'trpc' || c.reads || c.path.includes(`{${c.rule!.subject!.key}}`));
      const expected = stranger
        ? strangerAnswer(
            outsider,
            answers.map(({ answer }) => answer.status),
          )
        : outsider.status === 403 && outsider.message === TEAM_MESSAGES.notAMember;
      if (!expected) problems.push(`${c.name} as outsider: ${outsider.status} ${outsider.message}`);
    });
    // Reads first, all of them: no change made by another call comes between the owner's answer and a member's.
    await inBatches(
      tasks.filter((_, i) => WITH_RULE[i]?.reads),
      4,
    );
    await inBatches(
      tasks.filter((_, i) => !WITH_RULE[i]?.reads),
      4,
    );
    expect(problems).toEqual([]);
  }, 600_000);
});
