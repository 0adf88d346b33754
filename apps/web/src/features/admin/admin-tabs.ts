import { ADMIN_OPERATION_TABS, ADMIN_TABS } from '@ppp/contracts';

export type AdminTabKey = (typeof ADMIN_TABS)[number]['key'] | (typeof ADMIN_OPERATION_TABS)[number]['key'];

const KNOWN: readonly string[] = [...ADMIN_TABS, ...ADMIN_OPERATION_TABS].map((t) => t.key);

export const ADMIN_ROOT = '/admin';

/** The tab a path names: /admin is the overview, /admin/users the users tab; anything else is kept as written (a 'Coming Soon' tab). */
export function adminTabOf(path: string): string {
  const rest = path.replace(/\/+$/, '').slice(ADMIN_ROOT.length).replace(/^\/+/, '');
  return rest.split('/')[0] || 'overview';
}

export function isKnownAdminTab(tab: string): tab is AdminTabKey {
  return KNOWN.includes(tab);
}

export function adminTabPath(tab: string): string {
  return tab === 'overview' ? ADMIN_ROOT : `${ADMIN_ROOT}/${tab}`;
}

/** The label of a tab, or the tab's own name for one nobody built. */
export function adminTabLabel(tab: string): string {
  return [...ADMIN_TABS, ...ADMIN_OPERATION_TABS].find((t) => t.key === tab)?.label ?? tab;
}
