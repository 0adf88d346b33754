import { MESSAGES } from '@ppp/contracts';

/**
 * The root gate of spec 002 section 2.2, as one pure function: the first rule that matches
 * decides what a visitor or user sees. Later issues add a rule (onboarding, step 8; the admin
 * dashboard, step 10) by inserting one line in GATE_RULES at its place in the order.
 */
export interface GateUser {
  is_active: boolean;
  is_admin: boolean;
  role: string;
  terms_version_required: string;
  terms_version_accepted: string | null;
}

export interface GateState {
  /** Public config (and the user, when a token is held) have settled. */
  hydrated: boolean;
  /** Maintenance is on: from the public config, or the server answered MAINTENANCE. */
  maintenance: boolean;
  /** The signed-in user, or null for a visitor. */
  user: GateUser | null;
  path: string;
  search: URLSearchParams;
  /** The workspace's first data (the show count, once shows exist) is still loading. */
  workspaceLoading: boolean;
  /** The user's number of shows, or null when unknown (not loaded, or the call failed). */
  showCount: number | null;
  /** The local flag ppp.onboarding.completed equals 1. */
  onboardingCompleted: boolean;
}

export type GateScreen =
  'loading' | 'maintenance' | 'waitlist' | 'settings' | 'checkout-return' | 'landing' | 'preparing' | 'onboarding' | 'terms' | 'workspace';

export function isAdminUser(user: Pick<GateUser, 'is_admin' | 'role'> | null): boolean {
  return Boolean(user && (user.is_admin || user.role === 'admin'));
}

export function needsTermsAcceptance(user: GateUser): boolean {
  return Boolean(user.terms_version_required) && user.terms_version_required !== user.terms_version_accepted;
}

/**
 * Step 8: the onboarding screen if the user has no shows or ?onboarding=1, unless ?onboarding=0,
 * skip_onboarding=1 or the local completed flag. The /onboarding route always opens the flow
 * (spec 001: /onboarding?from=manager&reset=1 sets up another show).
 */
export function wantsOnboarding(s: Pick<GateState, 'path' | 'search' | 'showCount' | 'onboardingCompleted'>): boolean {
  if (s.path.replace(/\/+$/, '') === '/onboarding') return true;
  if (s.search.get('onboarding') === '0' || s.search.get('skip_onboarding') === '1') return false;
  if (s.search.get('onboarding') === '1') return true;
  if (s.onboardingCompleted) return false;
  return s.showCount === 0;
}

export function isAdminPath(path: string): boolean {
  const clean = path.replace(/\/+$/, '');
  return clean === '/admin' || clean.startsWith('/admin/');
}

type GateRule = (s: GateState) => GateScreen | null;

export const GATE_RULES: readonly GateRule[] = [
  (s) => (s.hydrated ? null : 'loading'),
  // Admins can still sign in to switch maintenance off.
  (s) => (s.maintenance && !isAdminUser(s.user) ? 'maintenance' : null),
  (s) => (s.user && !s.user.is_active ? 'waitlist' : null),
  // The settings screen needs an account, so a visitor on this path falls through to the landing page.
  (s) => (s.user && s.path.replace(/\/+$/, '') === '/dashboard/settings' ? 'settings' : null),
  (s) => (s.search.get('checkout') === 'success' ? 'checkout-return' : null),
  (s) => (s.user ? null : 'landing'),
  (s) => (s.workspaceLoading ? 'preparing' : null),
  // An operator may never make a show: /admin opens the admin panel for administrators directly.
  (s) => (s.user && !(isAdminUser(s.user) && isAdminPath(s.path)) && wantsOnboarding(s) ? 'onboarding' : null),
  (s) => (s.user && needsTermsAcceptance(s.user) ? 'terms' : null),
];

export function decideGate(state: GateState): GateScreen {
  for (const rule of GATE_RULES) {
    const screen = rule(state);
    if (screen) return screen;
  }
  return 'workspace';
}

/**
 * The maintenance screen's sentence: the server's (the admin's message, or its answer to the user
 * fetch), else a signed-in creator's session gets spec 000's words and a visitor the gate's (spec 002).
 */
export function maintenanceMessage(serverMessage: string | null | undefined, signedIn: boolean): string {
  return serverMessage || (signedIn ? MESSAGES.maintenanceSession : MESSAGES.maintenanceDefault);
}
