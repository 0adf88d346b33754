import type { ComponentType } from 'react';
import {
  IconAdjustments,
  IconLayoutDashboard,
  IconSettings,
  IconUpload,
  IconMusic,
  IconWand,
  IconRss,
  IconMicrophone2,
  IconTemplate,
  IconHeadphones,
  IconMicrophone,
  IconWorld,
  IconCreditCard,
  type IconProps,
} from '@tabler/icons-react';
import { PAYMENTS, type TWorkspaceAction } from '@ppp/contracts';

/** A view of the workspace (spec 002 section 2.3). Later issues add theirs (episode-history, recorder, ...). */
export type WorkspaceView =
  | 'dashboard'
  | 'settings'
  | 'admin'
  | 'not-found'
  | 'media-library'
  | 'preupload'
  | 'audio-settings'
  | 'rssImporter'
  | 'podcast-manager'
  | 'my-templates'
  | 'template-editor'
  | 'episode-history'
  | 'createEpisode'
  | 'recorder'
  | 'websiteBuilder'
  | 'billing';

export interface NavEntry {
  view: Exclude<WorkspaceView, 'not-found' | 'template-editor' | 'createEpisode'>;
  label: string;
  path: string;
  icon: ComponentType<IconProps>;
  adminOnly?: boolean;
  /** What the person's role in the workspace in use must allow for the entry to show (issue 34); reading by default. */
  needs?: TWorkspaceAction;
}

/** The Episode Creator (spec 000 §2; 'New Episode' in the top bar, spec 002 §2.3); ?upload=<mediaId> opens it with that upload. */
export const NEW_EPISODE_PATH = '/dashboard/new-episode';

/** The Recorder (spec 002 §2.10, 'Record' in the side navigation). */
export const RECORD_PATH = '/dashboard/record';

/** The side navigation, in order: one entry per area that exists. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { view: 'dashboard', label: 'Dashboard', path: '/dashboard', icon: IconLayoutDashboard },
  { view: 'settings', label: 'Settings', path: '/dashboard/settings', icon: IconSettings },
  { view: 'admin', label: 'Admin panel', path: '/admin', icon: IconAdjustments, adminOnly: true },
  { view: 'preupload', label: 'Upload Audio', path: '/dashboard/upload', icon: IconUpload, needs: 'edit' },
  { view: 'media-library', label: 'Media Uploads', path: '/dashboard/media', icon: IconMusic },
  { view: 'audio-settings', label: 'Audio Improvements', path: '/dashboard/audio-settings', icon: IconWand, needs: 'edit' },
  { view: 'rssImporter', label: 'Import from RSS', path: '/dashboard/import', icon: IconRss, needs: 'manage' },
  { view: 'podcast-manager', label: 'My Podcasts', path: '/dashboard/podcasts', icon: IconMicrophone2 },
  { view: 'my-templates', label: 'Templates', path: '/dashboard/templates', icon: IconTemplate },
  { view: 'episode-history', label: 'Episodes', path: '/dashboard/episodes', icon: IconHeadphones },
  { view: 'recorder', label: 'Record', path: RECORD_PATH, icon: IconMicrophone, needs: 'edit' },
  { view: 'websiteBuilder', label: 'Website Builder', path: '/dashboard/website', icon: IconWorld, needs: 'manage' },
  { view: 'billing', label: 'Subscription', path: PAYMENTS.subscriptionPath, icon: IconCreditCard },
];

/** The entries for this person: admin-only ones for instance admins, and those their workspace role allows (everything by default). */
export function navEntriesFor(isAdmin: boolean, allows: (action: TWorkspaceAction) => boolean = () => true): NavEntry[] {
  return NAV_ENTRIES.filter((e) => (!e.adminOnly || isAdmin) && allows(e.needs ?? 'read'));
}

/** Which view a path opens; unknown workspace paths get the workspace's 404 page. */
export function viewForPath(path: string, isAdmin: boolean): WorkspaceView {
  const clean = path.replace(/\/+$/, '') || '/';
  if (clean === '/' || clean === '/dashboard' || clean === '/onboarding') return 'dashboard';
  const exact = navEntriesFor(isAdmin).find((e) => e.path === clean);
  if (exact) return exact.view;
  // The admin panel's own summary call decides: a non-admin is sent back to the dashboard (spec 002 section 6).
  if (clean === '/admin' || clean.startsWith('/admin/')) return 'admin';
  if (/^\/dashboard\/templates\/[^/]+$/.test(clean)) return 'template-editor';
  if (clean === NEW_EPISODE_PATH) return 'createEpisode';
  return 'not-found';
}

export function viewLabel(view: WorkspaceView): string {
  if (view === 'template-editor') return 'Template Editor';
  if (view === 'createEpisode') return 'New Episode';
  return NAV_ENTRIES.find((e) => e.view === view)?.label ?? 'Not found';
}
