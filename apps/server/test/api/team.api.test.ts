/**
 * Teams (issue 34), the team itself over REST and tRPC: invitations mailed with a single-use link that
 * expires, revoked or reused links refused, seats and the plan's multi-user feature, acceptance only by
 * the invited address (an account on the waitlist let in), roles changed, members removed or leaving,
 * and a member of two workspaces seeing each one's data only under it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PAYMENTS_MESSAGES, PLAN_FEATURE_LABELS, TEAM, TEAM_MESSAGES } from '@ppp/contracts';
import { LocalStorage } from '../../src/domain/storage/local-storage.ts';
import { closeApiBed, startApiBed, type ApiBed } from '../support/api-bed.ts';
import { tempDir } from '../support/audio-files.ts';
import { seedShow } from '../support/episodes.ts';
import { uniqueEmail } from '../support/fixtures.ts';
import { approvedUser, errorOf, login, register, twoUsers, type TestUser } from '../support/http.ts';
import { inWorkspaceOf, makeEnterprise } from '../support/team.ts';

let bed: ApiBed;
let storage: ReturnType<typeof tempDir>;
/** The instance's admin reads the mail outbox (as a person reads their mail); the owners are ordinary creators. */
let instanceAdmin: TestUser;
let owner: TestUser;
let other: TestUser;
let show: string;
let otherShow: string;

const ZInvite = z.object({ id: z.string(), email: z.string(), role: z.string(), podcast_ids: z.array(z.string()).nullable() });
const ZMember = z.object({ id: z.string(), user_id: z.string(), role: z.string(), podcast_ids: z.array(z.string()).nullable() });
const ZOverview = z.object({ seats: z.number(), seats_used: z.number(), members: z.array(ZMember), invites: z.array(ZInvite) });
const ZShows = z.array(z.object({ id: z.string() }));

beforeAll(async () => {
  storage = tempDir('team-api');
  bed = await startApiBed({ STORAGE_DIR: storage.dir });
  ({ admin: instanceAdmin, user: owner } = await twoUsers(bed.api));
  other = await approvedUser(bed.api, instanceAdmin.token, 'other-owner');
  const files = new LocalStorage(storage.dir);
  show = await seedShow(bed.orm, files, owner.id, 'Owner Team Show', null);
  otherShow = await seedShow(bed.orm, files, other.id, 'Other Team Show', null);
}, 120_000);

afterAll(async () => {
  await closeApiBed({ ...bed, storage });
});

const invite = (token: string, json: unknown, headers: Record<string, string> = {}) =>
  bed.api.request('POST', '/api/team/invites', { token, json, headers });

/** The token of the newest invitation mailed to `email` (read through the admin outbox, as a person reads their mail). */
async function mailedToken(email: string): Promise<string> {
  const res = await bed.api.request('GET', `/api/admin/mail/outbox?to=${encodeURIComponent(email)}`, { token: instanceAdmin.token });
  const newest = z.array(z.object({ subject: z.string(), text: z.string() })).parse(res.body)[0];
  if (!newest) throw new Error(`no mail to ${email}`);
  expect(newest.subject).toBe(TEAM_MESSAGES.inviteSubject(`${owner.email}'s workspace`));
  const link = /https?:\/\/\S+\/team\/accept\?token=(\S+)/.exec(newest.text);
  if (!link?.[1]) throw new Error(`no link in ${newest.text}`);
  return decodeURIComponent(link[1]);
}

describe('invitations', () => {
  it('is refused without multi-user accounts in the plan, with the plan wording', async () => {
    const res = await invite(owner.token, { email: uniqueEmail('early'), role: 'editor' });
    expect(res.status).toBe(402);
    expect(errorOf(res)).toMatchObject({ code: 'FEATURE_LOCKED', detail: PAYMENTS_MESSAGES.featureLocked(PLAN_FEATURE_LABELS.multiUser) });
    await makeEnterprise(bed.orm, owner.id);
  });

  it('mails a single-use link; a waiting account with that address accepts it, is let in and joins with the role and shows', async () => {
    const email = uniqueEmail('invitee');
    const sent = await invite(owner.token, { email, role: 'viewer', podcast_ids: [show] });
    expect(sent.status).toBe(201);
    expect(ZInvite.parse(sent.body)).toMatchObject({ email, role: 'viewer', podcast_ids: [show] });
    const token = await mailedToken(email);

    const preview = await bed.api.request('GET', `/api/team/invites/preview?token=${encodeURIComponent(token)}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ email, role: 'viewer', workspace_name: `${owner.email}'s workspace` });

    // Someone else holding the link cannot use it.
    const wrong = await bed.api.request('POST', '/api/team/invites/accept', { token: other.token, json: { token } });
    expect(wrong.status).toBe(403);
    expect(errorOf(wrong).detail).toBe(TEAM_MESSAGES.inviteOtherAddress(email));

    expect(await register(bed.api, email)).toBe(false);
    const inviteeToken = await login(bed.api, email).catch(() => null);
    // A waiting account must confirm its address before signing in: the mailed code does it.
    const signedIn = inviteeToken ?? (await confirmAndLogin(email));
    const accepted = await bed.api.request('POST', '/api/team/invites/accept', { token: signedIn, json: { token } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: owner.id, role: 'viewer', podcast_ids: [show] });

    const again = await bed.api.request('POST', '/api/team/invites/accept', { token: signedIn, json: { token } });
    expect(again.status).toBe(409);
    expect(errorOf(again).detail).toBe(TEAM_MESSAGES.inviteUsed);

    const shows = ZShows.parse((await bed.api.request('GET', '/api/podcasts/', { token: signedIn, headers: inWorkspaceOf(owner) })).body);
    expect(shows.map((s) => s.id)).toEqual([show]);
    const workspaces = await bed.api.request('GET', '/api/team/workspaces', { token: signedIn });
    expect(
      z
        .array(z.object({ id: z.string(), role: z.string() }))
        .parse(workspaces.body)
        .map((w) => w.role),
    ).toEqual(['owner', 'viewer']);
  });

  it('refuses a revoked link and an expired one, and counts seats', async () => {
    const revokedEmail = uniqueEmail('revoked');
    const sent = ZInvite.parse((await invite(owner.token, { email: revokedEmail, role: 'editor' })).body);
    const token = await mailedToken(revokedEmail);
    expect((await bed.api.request('DELETE', `/api/team/invites/${sent.id}`, { token: owner.token })).status).toBe(204);
    const revoked = await bed.api.request('GET', `/api/team/invites/preview?token=${encodeURIComponent(token)}`);
    expect(revoked.status).toBe(409);
    expect(errorOf(revoked).detail).toBe(TEAM_MESSAGES.inviteRevoked);

    const lateEmail = uniqueEmail('late');
    const late = ZInvite.parse((await invite(owner.token, { email: lateEmail, role: 'editor' })).body);
    const lateToken = await mailedToken(lateEmail);
    await bed.orm.em
      .getConnection()
      .execute(`update workspace_invites set expires_at = now() - interval '1 minute' where id = ?`, [late.id]);
    const expired = await bed.api.request('GET', `/api/team/invites/preview?token=${encodeURIComponent(lateToken)}`);
    expect(expired.status).toBe(400);
    expect(errorOf(expired).detail).toBe(TEAM_MESSAGES.inviteExpired);

    const overview = ZOverview.parse((await bed.api.request('GET', '/api/team', { token: owner.token })).body);
    expect(overview.seats).toBe(TEAM.seatsByTier.enterprise);
    expect(overview.seats_used).toBe(1); // the viewer who joined; revoked and expired invitations hold no seat
    const foreign = await invite(owner.token, { email: uniqueEmail('x'), role: 'viewer', podcast_ids: [otherShow] });
    expect(foreign.status).toBe(422);
    expect(errorOf(foreign).detail).toBe(TEAM_MESSAGES.unknownShows);
    for (let i = overview.seats_used; i < overview.seats; i++) {
      expect((await invite(owner.token, { email: uniqueEmail(`seat${i}`), role: 'viewer' })).status).toBe(201);
    }
    const full = await invite(owner.token, { email: uniqueEmail('one-too-many'), role: 'viewer' });
    expect(full.status).toBe(402);
    expect(errorOf(full).detail).toBe(TEAM_MESSAGES.seatsFull(TEAM.seatsByTier.enterprise));
  });

  it('refuses the owner and a caller without manage', async () => {
    expect(errorOf(await invite(owner.token, { email: owner.email, role: 'viewer' })).detail).toBe(TEAM_MESSAGES.inviteSelf);
    const members = ZOverview.parse((await bed.api.request('GET', '/api/team', { token: owner.token })).body).members;
    const viewer = members.find((m) => m.role === 'viewer');
    if (!viewer) throw new Error('no viewer');
    const viewerToken = await login(bed.api, z.string().parse(await userEmail(viewer.user_id)));
    const refused = await invite(viewerToken, { email: uniqueEmail('y'), role: 'viewer' }, inWorkspaceOf(owner));
    expect(refused.status).toBe(403);
    expect(errorOf(refused).detail).toBe(TEAM_MESSAGES.roleForbids('viewer', 'manage'));
  });
});

describe('members', () => {
  it('changes a role over tRPC, lets a member leave, lets the owner remove one, and the removed member loses the show', async () => {
    const trpc = bed.api.trpc(owner.token);
    const overview = await trpc.team.overview.query({});
    const viewer = overview.members.find((m) => m.role === 'viewer');
    if (!viewer) throw new Error('no viewer');
    const promoted = await trpc.team.updateMember.mutate({ id: viewer.id, role: 'editor', podcast_ids: null });
    expect(promoted).toMatchObject({ role: 'editor', podcast_ids: null });
    const memberToken = await login(bed.api, z.string().parse(await userEmail(viewer.user_id)));
    expect((await bed.api.request('GET', `/api/podcasts/${show}`, { token: memberToken })).status).toBe(200);
    // A change a member makes in the owner's workspace is in the owner's activity, with who and what.
    const asEditor = await bed.api.request('PATCH', `/api/team/members/${viewer.id}`, {
      token: memberToken,
      headers: inWorkspaceOf(owner),
      json: { role: 'admin', podcast_ids: null },
    });
    expect(asEditor.status).toBe(403);
    await trpc.team.updateMember.mutate({ id: viewer.id, role: 'admin' });
    const pending = (await trpc.team.overview.query({})).invites[0];
    if (!pending) throw new Error('no pending invitation');
    const revoked = await bed.api.request('DELETE', `/api/team/invites/${pending.id}`, {
      token: memberToken,
      headers: inWorkspaceOf(owner),
    });
    expect(revoked.status).toBe(204);
    const activity = (await trpc.team.overview.query({})).activity;
    expect(activity[0]).toMatchObject({ actor_email: await userEmail(viewer.user_id), action: 'DELETE /api/team/invites/{id}' });

    expect((await bed.api.request('DELETE', `/api/team/members/${viewer.id}`, { token: other.token })).status).toBe(404);
    expect((await bed.api.request('DELETE', `/api/team/members/${viewer.id}`, { token: owner.token })).status).toBe(204);
    expect((await bed.api.request('GET', `/api/podcasts/${show}`, { token: memberToken })).status).toBe(404);
    expect((await bed.api.request('GET', '/api/podcasts/', { token: memberToken, headers: inWorkspaceOf(owner) })).status).toBe(403);
  });

  it("shows a member of two workspaces each one's shows only under it, and lets them leave one", async () => {
    await makeEnterprise(bed.orm, other.id);
    const person = await approvedUser(bed.api, instanceAdmin.token, 'two-workspaces');
    await bed.orm.em.getConnection().execute(`delete from workspace_invites where owner_id = ? and accepted_at is null`, [owner.id]);
    for (const [host, hostShow] of [
      [owner, show],
      [other, otherShow],
    ] as const) {
      ZInvite.parse((await invite(host.token, { email: person.email, role: 'editor' })).body);
      const accepted = await bed.api.request('POST', '/api/team/invites/accept', {
        token: person.token,
        json: { token: await mailedTokenFrom(host, person.email) },
      });
      expect(accepted.status).toBe(200);
      const shows = ZShows.parse(
        (await bed.api.request('GET', '/api/podcasts/', { token: person.token, headers: inWorkspaceOf(host) })).body,
      );
      expect(shows.map((s) => s.id)).toEqual([hostShow]);
    }
    expect(ZShows.parse((await bed.api.request('GET', '/api/podcasts/', { token: person.token })).body)).toEqual([]);
    const membership = z
      .array(ZMember)
      .parse((await bed.api.request('GET', '/api/team/members', { token: person.token, headers: inWorkspaceOf(other) })).body)
      .find((m) => m.user_id === person.id);
    if (!membership) throw new Error('not a member');
    expect((await bed.api.request('DELETE', `/api/team/members/${membership.id}`, { token: person.token })).status).toBe(204);
    const left = z
      .array(z.object({ id: z.string() }))
      .parse((await bed.api.request('GET', '/api/team/workspaces', { token: person.token })).body);
    expect(left.map((w) => w.id)).toEqual([person.id, owner.id]);
  });
});

async function userEmail(id: string): Promise<string> {
  const rows = await bed.orm.em.getConnection().execute<Array<{ email: string }>>(`select email from users where id = ?`, [id]);
  return z.string().parse(rows[0]?.email);
}

/** The token of the newest invitation to `email` sent from `host`'s workspace. */
async function mailedTokenFrom(host: TestUser, email: string): Promise<string> {
  const res = await bed.api.request('GET', `/api/admin/mail/outbox?to=${encodeURIComponent(email)}`, { token: instanceAdmin.token });
  const mail = z
    .array(z.object({ subject: z.string(), text: z.string() }))
    .parse(res.body)
    .find((m) => m.subject === TEAM_MESSAGES.inviteSubject(`${host.email}'s workspace`));
  const link = mail && /\/team\/accept\?token=(\S+)/.exec(mail.text);
  if (!link?.[1]) throw new Error(`no invitation from ${host.email}`);
  return decodeURIComponent(link[1]);
}

/** Confirms the mailed code of a new account and signs it in. */
async function confirmAndLogin(email: string): Promise<string> {
  const res = await bed.api.request('GET', `/api/admin/mail/outbox?to=${encodeURIComponent(email)}`, { token: instanceAdmin.token });
  const mail = z
    .array(z.object({ text: z.string() }))
    .parse(res.body)
    .find((m) => /\b\d{6}\b/.test(m.text));
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  const confirmed = await bed.api.request('POST', '/api/auth/confirm-email', { json: { email, code } });
  expect(confirmed.status).toBe(200);
  return login(bed.api, email);
}
