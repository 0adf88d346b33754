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
}

export type GateScreen =
  | 'loading'
  | 'maintenance'
  | 'waitlist'
  | 'settings'
  | 'checkout-return'
  | 'landing'
  | 'preparing'
  | 'terms'
  | 'workspace';

export function isAdminUser(user: Pick<GateUser, 'is_admin' | 'role'> | null): boolean {
  return Boolean(user && (user.is_admin || user.role === 'admin'));
}

export function needsTermsAcceptance(user: GateUser): boolean {
  return Boolean(user.terms_version_required) && user.terms_version_required !== user.terms_version_accepted;
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
  (s) => (s.user && needsTermsAcceptance(s.user) ? 'terms' : null),
];

export function decideGate(state: GateState): GateScreen {
  for (const rule of GATE_RULES) {
    const screen = rule(state);
    if (screen) return screen;
  }
  return 'workspace';
}
