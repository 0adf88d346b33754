import { describe, expect, it } from 'vitest';
import { forgetAccountTraces } from './account-traces.ts';

function storageOf(entries: Array<[string, string]>) {
  const map = new Map(entries);
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('forgetAccountTraces', () => {
  it("forgets /ab's drafts and uploads, tus fingerprints and the creator's kept choices, and keeps the browser's own", () => {
    const storage = storageOf([
      ['ab_drafts', '[{"name":"interview-with-mum.wav"}]'],
      ['ab_state_abc123', '{"uploads":[]}'],
      ['tus::tus-br-interview-with-mum.wav-audio/wav-1234::/files/', '{"uploadUrl":"/files/x"}'],
      ['ppp.episodeCreator.publishPrefs', '{}'],
      ['ppp.checkout.pending', '{}'],
      ['ppp.landing.layout', 'b'],
      ['mantine-color-scheme-value', 'dark'],
    ]);
    forgetAccountTraces(storage);
    expect([...storage.map.keys()]).toEqual(['ppp.landing.layout', 'mantine-color-scheme-value']);
  });
});
