import { describe, expect, it } from 'vitest';
import { navEntriesFor, viewForPath, viewLabel } from './workspace-nav.ts';

describe('workspace navigation', () => {
  it('maps paths to views', () => {
    expect(viewForPath('/', false)).toBe('dashboard');
    expect(viewForPath('/dashboard/', false)).toBe('dashboard');
    expect(viewForPath('/dashboard/settings', false)).toBe('settings');
    expect(viewForPath('/dashboard/nope', false)).toBe('not-found');
  });

  it('keeps the admin view for admins', () => {
    expect(viewForPath('/admin', true)).toBe('admin');
    expect(viewForPath('/admin/settings', true)).toBe('admin');
    expect(viewForPath('/admin', false)).toBe('not-found');
    expect(navEntriesFor(false).map((e) => e.view)).toEqual(['dashboard', 'settings', 'preupload', 'media-library', 'audio-settings', 'rssImporter']);
    expect(viewForPath('/dashboard/import', false)).toBe('rssImporter');
    expect(viewLabel('rssImporter')).toBe('Import from RSS');
    expect(viewForPath('/dashboard/media', false)).toBe('media-library');
    expect(viewLabel('media-library')).toBe('Media Uploads');
    expect(navEntriesFor(true).map((e) => e.view)).toContain('admin');
  });

  it('labels views for the breadcrumb', () => {
    expect(viewLabel('settings')).toBe('Settings');
    expect(viewLabel('not-found')).toBe('Not found');
  });
});
