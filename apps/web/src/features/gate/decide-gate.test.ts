import { describe, expect, it } from 'vitest';
import { decideGate, maintenanceMessage, needsTermsAcceptance, type GateState, type GateUser } from './decide-gate.ts';

const activeUser: GateUser = {
  is_active: true,
  is_admin: false,
  role: 'user',
  terms_version_required: '2025-09-19',
  terms_version_accepted: '2025-09-19',
};

function state(patch: Partial<GateState> = {}): GateState {
  return {
    hydrated: true,
    maintenance: false,
    user: activeUser,
    path: '/dashboard',
    search: new URLSearchParams(),
    workspaceLoading: false,
    showCount: 1,
    onboardingCompleted: false,
    ...patch,
  };
}

describe('decideGate (spec 002 section 2.2 order)', () => {
  it('waits for hydration before anything else', () => {
    expect(decideGate(state({ hydrated: false, maintenance: true, user: null }))).toBe('loading');
  });

  it('shows maintenance to visitors and users, but not to admins', () => {
    expect(decideGate(state({ maintenance: true, user: null }))).toBe('maintenance');
    expect(decideGate(state({ maintenance: true }))).toBe('maintenance');
    expect(decideGate(state({ maintenance: true, user: { ...activeUser, is_admin: true } }))).toBe('workspace');
    expect(decideGate(state({ maintenance: true, user: { ...activeUser, role: 'admin' } }))).toBe('workspace');
  });

  it('maintenance wins over the waitlist', () => {
    expect(decideGate(state({ maintenance: true, user: { ...activeUser, is_active: false } }))).toBe('maintenance');
  });

  it('sends an inactive signed-in user to the waitlist, whatever the path or query', () => {
    const user = { ...activeUser, is_active: false };
    expect(decideGate(state({ user }))).toBe('waitlist');
    expect(decideGate(state({ user, path: '/dashboard/settings' }))).toBe('waitlist');
    expect(decideGate(state({ user, search: new URLSearchParams('checkout=success') }))).toBe('waitlist');
  });

  it('opens settings on /dashboard/settings before the checkout return and terms', () => {
    const user = { ...activeUser, terms_version_accepted: null };
    expect(decideGate(state({ user, path: '/dashboard/settings' }))).toBe('settings');
    expect(decideGate(state({ path: '/dashboard/settings/', search: new URLSearchParams('checkout=success') }))).toBe('settings');
  });

  it('lets a visitor on /dashboard/settings fall through to the landing page', () => {
    expect(decideGate(state({ user: null, path: '/dashboard/settings' }))).toBe('landing');
  });

  it('shows the checkout return before the landing page, even signed out', () => {
    const search = new URLSearchParams('checkout=success&session_id=cs_1');
    expect(decideGate(state({ search }))).toBe('checkout-return');
    expect(decideGate(state({ search, user: null }))).toBe('checkout-return');
    expect(decideGate(state({ search: new URLSearchParams('checkout=cancel') }))).toBe('workspace');
  });
});

describe('decideGate (spec 002 section 2.2 order): landing, workspace, terms and onboarding', () => {
  it('shows the landing page to visitors', () => {
    expect(decideGate(state({ user: null }))).toBe('landing');
    expect(decideGate(state({ user: null, workspaceLoading: true }))).toBe('landing');
  });

  it('prepares the workspace before asking for terms', () => {
    const user = { ...activeUser, terms_version_accepted: null };
    expect(decideGate(state({ user, workspaceLoading: true }))).toBe('preparing');
    expect(decideGate(state({ user }))).toBe('terms');
  });

  it('asks for terms when the accepted version differs from the required one', () => {
    expect(decideGate(state({ user: { ...activeUser, terms_version_accepted: '2024-01-01' } }))).toBe('terms');
    expect(decideGate(state({ user: { ...activeUser, is_admin: true, terms_version_accepted: null } }))).toBe('terms');
  });

  it('otherwise opens the workspace', () => {
    expect(decideGate(state())).toBe('workspace');
    expect(decideGate(state({ user: { ...activeUser, is_admin: true } }))).toBe('workspace');
  });
});

describe('onboarding (step 8)', () => {
  const q = (query: string) => new URLSearchParams(query);

  it('opens onboarding for a user without shows, after the workspace has loaded', () => {
    expect(decideGate(state({ showCount: 0 }))).toBe('onboarding');
    expect(decideGate(state({ showCount: 0, workspaceLoading: true }))).toBe('preparing');
    expect(decideGate(state({ showCount: null }))).toBe('workspace');
    expect(decideGate(state({ showCount: 2 }))).toBe('workspace');
  });

  it('opens it on ?onboarding=1 even with shows', () => {
    expect(decideGate(state({ search: q('onboarding=1') }))).toBe('onboarding');
  });

  it('skips it on ?onboarding=0, skip_onboarding=1 or the local completed flag', () => {
    expect(decideGate(state({ showCount: 0, search: q('onboarding=0') }))).toBe('workspace');
    expect(decideGate(state({ showCount: 0, search: q('skip_onboarding=1') }))).toBe('workspace');
    expect(decideGate(state({ showCount: 0, onboardingCompleted: true }))).toBe('workspace');
    expect(decideGate(state({ onboardingCompleted: true, search: q('onboarding=1') }))).toBe('onboarding');
  });

  it('opens /admin and /admin/* for an administrator without shows (an operator may never make one); not for a creator', () => {
    const admin = { ...activeUser, is_admin: true };
    expect(decideGate(state({ user: admin, showCount: 0, path: '/admin' }))).toBe('workspace');
    expect(decideGate(state({ user: admin, showCount: 0, path: '/admin/users' }))).toBe('workspace');
    expect(decideGate(state({ user: admin, showCount: 0, path: '/administrator' }))).toBe('onboarding');
    expect(decideGate(state({ showCount: 0, path: '/admin' }))).toBe('onboarding');
    expect(decideGate(state({ user: { ...admin, terms_version_accepted: null }, showCount: 0, path: '/admin' }))).toBe('terms');
  });

  it('always opens the flow on /onboarding, for a signed-in user only', () => {
    expect(decideGate(state({ path: '/onboarding', search: q('from=manager&reset=1'), onboardingCompleted: true }))).toBe('onboarding');
    expect(decideGate(state({ path: '/onboarding/', showCount: 3 }))).toBe('onboarding');
    expect(decideGate(state({ path: '/onboarding', user: null }))).toBe('landing');
  });

  it('comes before the terms screen, after the waitlist, settings and checkout', () => {
    const user = { ...activeUser, terms_version_accepted: null };
    expect(decideGate(state({ user, showCount: 0 }))).toBe('onboarding');
    expect(decideGate(state({ user: { ...activeUser, is_active: false }, showCount: 0 }))).toBe('waitlist');
    expect(decideGate(state({ showCount: 0, path: '/dashboard/settings' }))).toBe('settings');
    expect(decideGate(state({ showCount: 0, search: q('checkout=success') }))).toBe('checkout-return');
  });
});

describe('needsTermsAcceptance', () => {
  it('needs nothing when no version is required', () => {
    expect(needsTermsAcceptance({ ...activeUser, terms_version_required: '', terms_version_accepted: null })).toBe(false);
  });
});

describe('maintenanceMessage (issue 19: each spec its own sentence)', () => {
  it("keeps the server's message, else words a signed-in session as spec 000 and a visitor's gate as spec 002", () => {
    expect(maintenanceMessage('Back at noon.', true)).toBe('Back at noon.');
    expect(maintenanceMessage('Back at noon.', false)).toBe('Back at noon.');
    expect(maintenanceMessage(null, true)).toBe('We are performing maintenance and will be back soon.');
    expect(maintenanceMessage('', false)).toBe('We are performing scheduled maintenance and will be back soon.');
  });
});
