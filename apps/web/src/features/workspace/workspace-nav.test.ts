import { describe, expect, it } from 'vitest';
import { navEntriesFor, viewForPath, viewLabel } from './workspace-nav.ts';

describe('workspace navigation', () => {
  it('maps paths to views', () => {
    expect(viewForPath('/', false)).toBe('dashboard');
    expect(viewForPath('/dashboard/', false)).toBe('dashboard');
    expect(viewForPath('/dashboard/settings', false)).toBe('settings');
    expect(viewForPath('/dashboard/nope', false)).toBe('not-found');
  });

  it('opens the admin panel on /admin and /admin/* (its summary call sends non-admins back)', () => {
    expect(viewForPath('/admin', true)).toBe('admin');
    expect(viewForPath('/admin/settings', true)).toBe('admin');
    expect(viewForPath('/admin', false)).toBe('admin');
    expect(viewForPath('/administrator', true)).toBe('not-found');
    expect(navEntriesFor(false).map((e) => e.view)).toEqual([
      'dashboard',
      'settings',
      'preupload',
      'media-library',
      'audio-settings',
      'rssImporter',
      'podcast-manager',
      'my-templates',
      'episode-history',
      'recorder',
      'websiteBuilder',
      'billing',
    ]);
    expect(viewForPath('/dashboard/billing', false)).toBe('billing');
    expect(viewLabel('billing')).toBe('Subscription');
    expect(viewForPath('/dashboard/website', false)).toBe('websiteBuilder');
    expect(viewLabel('websiteBuilder')).toBe('Website Builder');
    expect(viewForPath('/dashboard/record', false)).toBe('recorder');
    expect(viewLabel('recorder')).toBe('Record');
    expect(viewForPath('/dashboard/episodes', false)).toBe('episode-history');
    expect(viewLabel('episode-history')).toBe('Episodes');
    expect(viewForPath('/dashboard/import', false)).toBe('rssImporter');
    expect(viewLabel('rssImporter')).toBe('Import from RSS');
    expect(viewForPath('/dashboard/podcasts', false)).toBe('podcast-manager');
    expect(viewLabel('podcast-manager')).toBe('My Podcasts');
    expect(viewForPath('/dashboard/media', false)).toBe('media-library');
    expect(viewLabel('media-library')).toBe('Media Uploads');
    expect(navEntriesFor(true).map((e) => e.view)).toContain('admin');
  });
});

describe('workspace navigation by role in the workspace in use (issue 34)', () => {
  it('leaves out what the role does not allow: uploads and recording for a viewer, imports and the website for an editor', () => {
    const viewer = navEntriesFor(false, (action) => action === 'read').map((e) => e.view);
    expect(viewer).not.toContain('preupload');
    expect(viewer).not.toContain('recorder');
    expect(viewer).not.toContain('audio-settings');
    expect(viewer).toEqual(expect.arrayContaining(['dashboard', 'podcast-manager', 'episode-history', 'media-library', 'my-templates']));
    const editor = navEntriesFor(false, (action) => action !== 'manage').map((e) => e.view);
    expect(editor).toEqual(expect.arrayContaining(['preupload', 'recorder', 'audio-settings']));
    expect(editor).not.toContain('websiteBuilder');
    expect(editor).not.toContain('rssImporter');
    expect(navEntriesFor(false, () => true)).toEqual(navEntriesFor(false));
  });
});

describe('workspace navigation: templates, Episode Creator and breadcrumbs', () => {
  it('opens the templates list and the template editor', () => {
    expect(viewForPath('/dashboard/templates', false)).toBe('my-templates');
    expect(viewForPath('/dashboard/templates/new', false)).toBe('template-editor');
    expect(viewForPath('/dashboard/templates/3f2b1c1e-0000-4000-8000-000000000000/', false)).toBe('template-editor');
    expect(viewForPath('/dashboard/templates/a/b', false)).toBe('not-found');
    expect(viewLabel('my-templates')).toBe('Templates');
    expect(viewLabel('template-editor')).toBe('Template Editor');
  });

  it('opens the Episode Creator', () => {
    expect(viewForPath('/dashboard/new-episode', false)).toBe('createEpisode');
    expect(viewForPath('/dashboard/new-episode/', false)).toBe('createEpisode');
    expect(viewLabel('createEpisode')).toBe('New Episode');
  });

  it('labels views for the breadcrumb', () => {
    expect(viewLabel('settings')).toBe('Settings');
    expect(viewLabel('not-found')).toBe('Not found');
  });
});
