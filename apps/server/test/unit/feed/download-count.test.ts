import { describe, expect, it } from 'vitest';
import {
  DOWNLOAD_RULES,
  LISTENER_AGENTS,
  minimumBytes,
  requestedBytes,
  shouldCountDownload,
  type DownloadRequest,
} from '../../../src/domain/publishing/feed/index.ts';

// A 30-minute episode at 128 kbit/s: 16,000 bytes per second, 960,000 per minute.
const FILE = 28_800_000;
const request = (over: Partial<DownloadRequest> = {}): DownloadRequest => ({
  method: 'GET',
  range: null,
  ip: '203.0.113.7',
  userAgent: 'AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4 like Mac OS X; en_us)',
  episodeId: 'e1',
  fileSize: FILE,
  durationS: 1800,
  now: new Date('2025-06-10T08:00:00Z'),
  ...over,
});

describe('shouldCountDownload', () => {
  it('counts a full GET', () => {
    expect(shouldCountDownload(request())).toMatchObject({ count: true, day: '2025-06-10' });
  });

  it('ignores tiny range probes such as bytes=0-1', () => {
    expect(shouldCountDownload(request({ range: 'bytes=0-1' }))).toEqual({ count: false, reason: 'probe' });
    expect(shouldCountDownload(request({ range: 'bytes=0-959998' }))).toEqual({ count: false, reason: 'probe' });
  });

  it('counts a range of at least one minute of audio, or an open-ended one', () => {
    expect(shouldCountDownload(request({ range: 'bytes=0-959999' })).count).toBe(true);
    expect(shouldCountDownload(request({ range: 'bytes=1000000-' })).count).toBe(true);
  });

  it('ignores HEAD requests and non-listener clients', () => {
    expect(shouldCountDownload(request({ method: 'HEAD' }))).toEqual({ count: false, reason: 'method' });
    for (const userAgent of [null, '', 'curl/8.5.0', 'Googlebot/2.1 (+http://www.google.com/bot.html)', 'python-requests/2.31']) {
      expect(shouldCountDownload(request({ userAgent }))).toEqual({ count: false, reason: 'bot' });
    }
  });

  it('counts podcast players whose agents look like bots to a generic check (a URL in the agent, a bare name/version)', () => {
    for (const userAgent of [...LISTENER_AGENTS, 'Spotify/8.6.0 Android/29 (SM-G960F)', 'Podcasts/1555.2.1 CFNetwork/1408 Darwin/22.5.0']) {
      expect(shouldCountDownload(request({ userAgent })), userAgent).toMatchObject({ count: true });
    }
  });

  it('ignores crawlers, HTTP libraries, monitors and headless browsers', () => {
    for (const userAgent of [
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Wget/1.21.4',
      'Python-urllib/3.11',
      'Go-http-client/1.1',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'UptimeRobot/2.0',
      'Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)',
    ]) {
      expect(shouldCountDownload(request({ userAgent })), userAgent).toEqual({ count: false, reason: 'bot' });
    }
  });

  it('gives one key per listener, episode and UTC day', () => {
    const key = (over: Partial<DownloadRequest>) => {
      const decision = shouldCountDownload(request(over));
      if (!decision.count) throw new Error('expected a counted download');
      return decision.dedupeKey;
    };
    const first = key({});
    expect(key({ now: new Date('2025-06-10T23:59:59Z'), range: 'bytes=5000000-' })).toBe(first);
    expect(key({ now: new Date('2025-06-11T00:00:00Z') })).not.toBe(first);
    expect(key({ ip: '203.0.113.8' })).not.toBe(first);
    expect(key({ userAgent: 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)' })).not.toBe(first);
    expect(key({ episodeId: 'e2' })).not.toBe(first);
    expect(first).not.toContain('203.0.113.7');
  });
});

describe('byte thresholds', () => {
  it('needs one minute of audio, the whole of a shorter file, or 960,000 bytes without a duration', () => {
    expect(minimumBytes(FILE, 1800)).toBe(960_000);
    expect(minimumBytes(500_000, 30)).toBe(500_000);
    expect(minimumBytes(FILE, null)).toBe(DOWNLOAD_RULES.fallbackMinimumBytes);
  });

  it('adds up ranges the way a server would serve them', () => {
    expect(requestedBytes(null, 1000)).toBe(1000);
    expect(requestedBytes('bytes=0-1', 1000)).toBe(2);
    expect(requestedBytes('bytes=100-', 1000)).toBe(900);
    expect(requestedBytes('bytes=-300', 1000)).toBe(300);
    expect(requestedBytes('bytes=0-99, 200-299', 1000)).toBe(200);
    expect(requestedBytes('bytes=0-5000', 1000)).toBe(1000);
    expect(requestedBytes('items=0-1', 1000)).toBe(1000);
    expect(requestedBytes('bytes=-5000', 1000)).toBe(1000);
    expect(requestedBytes('bytes=0-1, 5000-6000', 1000)).toBe(2);
    expect(requestedBytes('bytes=5000-', 1000)).toBe(0);
    expect(requestedBytes('bytes=0-x', 1000)).toBe(1000);
  });
});
