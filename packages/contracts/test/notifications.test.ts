import { describe, expect, it } from 'vitest';
import { NOTIFICATION_LINKS, notificationPath } from '../src/notifications.ts';

describe('where a notice opens (issue 19)', () => {
  it('names the episode, upload or show it is about in the app path', () => {
    expect(NOTIFICATION_LINKS.episode('e1')).toBe('/dashboard/episodes?episode=e1');
    expect(NOTIFICATION_LINKS.readyUpload('m1')).toBe('/dashboard/new-episode?upload=m1');
    expect(NOTIFICATION_LINKS.upload('m 2')).toBe('/dashboard/upload?upload=m%202');
    expect(NOTIFICATION_LINKS.show('p1')).toBe('/dashboard/podcasts?edit=p1');
  });

  it('follows only the app’s own paths', () => {
    expect(notificationPath(NOTIFICATION_LINKS.episode('e1'))).toBe('/dashboard/episodes?episode=e1');
    expect(notificationPath('/dashboard')).toBe('/dashboard');
    expect(notificationPath(null)).toBeNull();
    for (const foreign of ['https://evil.example/dashboard', '//evil.example/dashboard', 'javascript:alert(1)', '/dashboardx', '/admin']) {
      expect(notificationPath(foreign)).toBeNull();
    }
  });
});
