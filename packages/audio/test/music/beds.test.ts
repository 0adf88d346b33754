import { describe, expect, it } from 'vitest';
import { MUSIC_BEDS, cycleSeconds, musicBedArgs, noteHz, padExpression, type MusicBedRecipe } from '../../src/music/index.ts';

describe('the built-in beds', () => {
  it('are 60 to 90 seconds long, with distinct keys and the four moods the wizard offers', () => {
    for (const bed of MUSIC_BEDS) {
      expect(bed.durationSeconds).toBeGreaterThanOrEqual(60);
      expect(bed.durationSeconds).toBeLessThanOrEqual(90);
      expect(bed.fadeInSeconds + bed.fadeOutSeconds).toBeLessThan(bed.durationSeconds);
    }
    expect(new Set(MUSIC_BEDS.map((b) => b.key)).size).toBe(MUSIC_BEDS.length);
    const moods = new Set(MUSIC_BEDS.flatMap((b) => b.moodTags));
    for (const mood of ['calm', 'upbeat', 'warm', 'ambient']) expect(moods.has(mood)).toBe(true);
  });

  it('tunes notes to equal temperament around A4 = 440 Hz', () => {
    expect(noteHz(69)).toBe(440);
    expect(noteHz(57)).toBe(220);
    expect(noteHz(60)).toBeCloseTo(261.63, 2);
  });
});

describe('musicBedArgs', () => {
  const bed = MUSIC_BEDS.find((b) => b.pulse) as MusicBedRecipe;

  it('renders one filter graph to an MP3 at the destination, 44.1 kHz stereo', () => {
    const args = musicBedArgs(bed, '/tmp/out.mp3');
    expect(args.at(-1)).toBe('/tmp/out.mp3');
    expect(args.slice(args.indexOf('-c:a'), args.indexOf('-c:a') + 2)).toEqual(['-c:a', 'libmp3lame']);
    expect(args[args.indexOf('-ar') + 1]).toBe('44100');
    expect(args[args.indexOf('-ac') + 1]).toBe('2');
    expect(args.filter((a) => a === '-i')).toHaveLength(0);
  });

  it('synthesises one cycle of the progression, loops it and trims to the bed length with fades', () => {
    const graph = musicBedArgs(bed, 'x.mp3')[musicBedArgs(bed, 'x.mp3').indexOf('-filter_complex') + 1] ?? '';
    expect(cycleSeconds(bed)).toBe(bed.chords.length * bed.chordSeconds);
    expect(graph).toContain(`d=${cycleSeconds(bed)}`);
    expect(graph).toContain(`atrim=duration=${bed.durationSeconds}`);
    expect(graph).toContain(`afade=t=out:st=${bed.durationSeconds - bed.fadeOutSeconds}:d=${bed.fadeOutSeconds}`);
    expect(graph).toContain('amix=inputs=2');
    expect(graph.match(/\[(pad|beat|air|out)\](?=;|$)/g)).toEqual(['[pad]', '[beat]', '[out]']);
  });

  it('refuses a progression whose chords differ in size', () => {
    expect(() => padExpression({ ...bed, chords: [[110, 220], [110]] }, 0)).toThrow(RangeError);
  });
});
