/** Mapping the manual editor's cuts (finished-episode time) back to the upload, and naming renders by their plan. */
import { describe, expect, it } from 'vitest';
import { planEpisode } from '@ppp/audio';
import { DEFAULT_AUDIO_CLEANUP_SETTINGS, ZSegment, type TDetectionResult, type TEdlFile } from '@ppp/contracts';
import { edlFingerprint, episodeCutsToContent, localizeEdl } from '../../src/domain/episodes/edl-files.ts';

const file = (name: string, ms: number): TEdlFile => ({ path: `users/u/media/${name}`, format: 'wav', duration_ms: ms });
const none = { count: 0, matches: [] };

function edl(manualCuts: { start_ms: number; end_ms: number }[] = [{ start_ms: 3000, end_ms: 4000 }]) {
  const detections: TDetectionResult = {
    flubber: none,
    sfx: none,
    fillers: none,
    pauses: none,
    censored: none,
    intern: {
      count: 1,
      matches: [
        {
          intern_index: 0,
          word_index: 0,
          word_count: 1,
          text: 'intern',
          start_s: 9,
          end_s: 10,
          score: 1,
          trigger_end_s: 9.3,
          prompt_text: 'what',
          end_marker: null,
          default_end_s: 15,
          max_duration_s: 30,
        },
      ],
    },
  };
  return planEpisode({
    template: {
      segments: [
        {
          segment: ZSegment.parse({ id: 'intro', segment_type: 'intro', source: { source_type: 'static', filename: 'intro.wav' } }),
          file: file('intro.wav', 5000),
        },
        {
          segment: ZSegment.parse({ id: 'content', segment_type: 'content', source: { source_type: 'static', filename: '' } }),
          file: null,
        },
      ],
      music: [],
      timing: { content_start_offset_s: 0, outro_start_offset_s: 0 },
    },
    content: { file: file('upload.wav', 20_000), words: [], detections },
    choices: {
      flubber: [],
      intern: [{ intern_index: 0, file: file('answer.mp3', 2000) }],
      sfx: [],
      cleanup: { ...DEFAULT_AUDIO_CLEANUP_SETTINGS, removeFillers: false, removePauses: false },
      manualCuts,
    },
  });
}

describe('episodeCutsToContent', () => {
  it('maps a cut across kept audio and a spliced Intern answer to the upload, leaving the answer and the intro alone', () => {
    const plan = edl();
    expect(plan.duration_ms).toBe(5000 + 19_000 + 2000);
    expect(episodeCutsToContent(plan, [{ start_ms: 7000, end_ms: 17_000 }])).toEqual([
      { start_ms: 2000, end_ms: 3000 },
      { start_ms: 4000, end_ms: 10_000 },
      { start_ms: 10_000, end_ms: 11_000 },
    ]);
    expect(episodeCutsToContent(plan, [{ start_ms: 1000, end_ms: 2000 }])).toEqual([]);
    expect(episodeCutsToContent(plan, [{ start_ms: 14_500, end_ms: 15_500 }])).toEqual([]);
  });

  it('planned again with the mapped cuts, the episode loses exactly the content that was cut', () => {
    const before = edl();
    const mapped = episodeCutsToContent(before, [{ start_ms: 20_000, end_ms: 21_500 }]);
    const after = edl([{ start_ms: 3000, end_ms: 4000 }, ...mapped]);
    expect(after.duration_ms).toBe(before.duration_ms - 1500);
  });
});

describe('render keys', () => {
  it('are the same for the same plan and differ when the plan changes, wherever the files are', () => {
    const plan = edl();
    const local = localizeEdl(
      plan,
      new Map([...['intro.wav', 'upload.wav', 'answer.mp3'].map((n) => [`users/u/media/${n}`, `/tmp/x/${n}`] as const)]),
    );
    expect(local.content.file.path).toBe('/tmp/x/upload.wav');
    expect(edlFingerprint(edl())).toBe(edlFingerprint(plan));
    expect(edlFingerprint(edl([{ start_ms: 3000, end_ms: 4100 }]))).not.toBe(edlFingerprint(plan));
    expect(() => localizeEdl(plan, new Map())).toThrow(/No local copy/);
  });
});
