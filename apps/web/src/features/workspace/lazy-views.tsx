import { lazy } from 'react';

/**
 * The workspace's screens other than the dashboard, each its own chunk loaded when it is opened: signing
 * in downloads the shell and the dashboard, not the editors, the recorder or the admin panel (issue 20).
 */
export const SettingsView = lazy(() => import('../settings/SettingsView.tsx').then((m) => ({ default: m.SettingsView })));
export const AdminPanel = lazy(() => import('../admin/AdminPanel.tsx').then((m) => ({ default: m.AdminPanel })));
export const MediaLibraryView = lazy(() => import('../media-library/MediaLibraryView.tsx').then((m) => ({ default: m.MediaLibraryView })));
export const PreuploadView = lazy(() => import('../preupload/PreuploadView.tsx').then((m) => ({ default: m.PreuploadView })));
export const AudioSettingsView = lazy(() =>
  import('../audio-settings/AudioSettingsView.tsx').then((m) => ({ default: m.AudioSettingsView })),
);
export const RssImportView = lazy(() => import('../rss-import/RssImportView.tsx').then((m) => ({ default: m.RssImportView })));
export const PodcastManagerView = lazy(() =>
  import('../podcast-manager/PodcastManagerView.tsx').then((m) => ({ default: m.PodcastManagerView })),
);
export const TemplatesView = lazy(() => import('../templates/TemplatesView.tsx').then((m) => ({ default: m.TemplatesView })));
export const TemplateEditorView = lazy(() =>
  import('../templates/TemplateEditorView.tsx').then((m) => ({ default: m.TemplateEditorView })),
);
export const EpisodeHistoryView = lazy(() =>
  import('../episode-history/EpisodeHistoryView.tsx').then((m) => ({ default: m.EpisodeHistoryView })),
);
export const EpisodeCreatorView = lazy(() =>
  import('../episode-creator/EpisodeCreatorView.tsx').then((m) => ({ default: m.EpisodeCreatorView })),
);
export const RecorderView = lazy(() => import('../recorder/RecorderView.tsx').then((m) => ({ default: m.RecorderView })));
export const WebsiteBuilderView = lazy(() =>
  import('../website-builder/WebsiteBuilderView.tsx').then((m) => ({ default: m.WebsiteBuilderView })),
);
export const SubscriptionView = lazy(() => import('../billing/SubscriptionView.tsx').then((m) => ({ default: m.SubscriptionView })));
