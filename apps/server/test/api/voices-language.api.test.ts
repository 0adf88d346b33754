/** The voice list starts with the browser's language and region (issue 19), over REST and tRPC. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ZVoicePage, voiceLanguage } from '@ppp/contracts';
import { closeApiBed, startApiBed } from '../support/api-bed.ts';
import { tempDir } from '../support/audio-files.ts';
import { twoUsers, type TestServer } from '../support/http.ts';

let orm: MikroORM;
let api: TestServer;
let token = '';
const data = tempDir('ppp-voices-language-');

beforeAll(async () => {
  ({ orm, api } = await startApiBed({ DATA_DIR: data.dir, TTS_ENGINES: 'espeak' }));
  token = (await twoUsers(api)).user.token;
});
afterAll(async () => {
  await closeApiBed({ api, orm });
  data.remove();
});

const languages = (page: { items: { labels: Record<string, string> }[] }) => page.items.map((v) => voiceLanguage(v));

describe('voices in the browser’s language first', () => {
  it('en-US: American English voices, then the other English ones, then the rest; every voice still listed', async () => {
    const all = ZVoicePage.parse((await api.request('GET', '/api/elevenlabs/voices?size=200&lang=en-US', { token })).body);
    expect(all.items[0]?.voice_id).toBe('espeak:en-us');
    const tags = languages(all);
    const firstOther = tags.findIndex((t) => !t?.startsWith('en-us'));
    expect(firstOther).toBeGreaterThan(0);
    expect(tags.slice(firstOther).some((t) => t?.startsWith('en-us'))).toBe(false);
    const firstForeign = tags.findIndex((t) => !t?.startsWith('en'));
    expect(tags.slice(firstForeign).some((t) => t?.startsWith('en'))).toBe(false);
    const plain = ZVoicePage.parse((await api.request('GET', '/api/elevenlabs/voices?size=200', { token })).body);
    expect(all.total).toBe(plain.total);
  });

  it('fr-FR: French of France first, then Belgian and Swiss French, then the others (tRPC too)', async () => {
    const page = await api.trpc(token).speech.voices.query({ size: 200, lang: 'fr-FR' });
    const tags = languages(page);
    expect(tags[0]).toBe('fr-fr');
    const firstNotFrance = tags.findIndex((t) => t !== 'fr-fr');
    const firstForeign = tags.findIndex((t) => !t?.startsWith('fr'));
    expect(firstForeign).toBeGreaterThan(firstNotFrance);
    expect(tags.slice(firstNotFrance, firstForeign).every((t) => t?.startsWith('fr-') && t !== 'fr-fr')).toBe(true);
    expect(tags.slice(firstForeign).some((t) => t?.startsWith('fr'))).toBe(false);
  });

  it('an unknown or malformed language leaves the usual order', async () => {
    const plain = ZVoicePage.parse((await api.request('GET', '/api/elevenlabs/voices?size=5', { token })).body);
    for (const lang of ['xx-YY', '<script>']) {
      const page = ZVoicePage.parse(
        (await api.request('GET', `/api/elevenlabs/voices?size=5&lang=${encodeURIComponent(lang)}`, { token })).body,
      );
      expect(page.items.map((v) => v.voice_id)).toEqual(plain.items.map((v) => v.voice_id));
    }
  });
});
