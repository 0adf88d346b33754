/*
 * The labelled set as a plan: which voice says what, in what order, with which silences. Pure: the
 * same seed gives the same plan; the audio is made from it by build.ts and the truth laid out by
 * truth.ts.
 */
import { between, pick, seeded } from './random.ts';
import { TOPICS, type Topic } from './topics.ts';

/** 'librivox' is real read speech (pocketsphinx-testdata); the others are Debian's local voices. */
export const QUALITY_VOICES = ['librivox', 'flite-kal16', 'flite-slt', 'festival-slt-hts', 'espeak-ng'] as const;
export type QualityVoice = (typeof QUALITY_VOICES)[number];
export type SynthVoice = Exclude<QualityVoice, 'librivox'>;

/**
 * speech: an ordinary sentence; take: a flubbed take (cut off part-way); marker: the Flubber word;
 * again: the sentence said again after the marker (or after an unmarked repeat); repeat: a take
 * cut off and started again with no marker at all (a suggestion, never cut unasked); intern: 'intern <question> stop'; sfx: the
 * sound-effect keyword said alone; filler: 'um' or 'uh' said alone.
 */
export type BeatRole = 'speech' | 'take' | 'marker' | 'again' | 'repeat' | 'intern' | 'sfx' | 'filler';

export interface SayBeat {
  kind: 'say';
  role: BeatRole;
  voice: QualityVoice;
  /** The words as said, lower case, as the truth keeps them. */
  text: string;
  /** A LibriVox clip by id; `words` keeps only its first words (a flubbed take). */
  clip?: { id: string; words?: number };
  /** Links a flubbed take, its marker and the sentence said again. */
  retake?: number;
}

/** Silence; `pause` marks the long ones inserted to be found (longer than the default 1.8 s). */
export interface GapBeat {
  kind: 'gap';
  seconds: number;
  pause: boolean;
}

export type Beat = SayBeat | GapBeat;

export interface EpisodeScript {
  id: string;
  voice: QualityVoice;
  beats: Beat[];
}

export interface LibrivoxClipText {
  id: string;
  reference: string;
}

export const FLUBBER = 'flubber';
export const SFX_KEYWORD = 'ding';
/** The Intern's wake word and end marker as the default settings have them. */
export const INTERN = 'intern';
export const STOP = 'stop';

/** Which voice each of the 12 episodes uses: 3 of real read speech, the rest across the local voices. */
export const EPISODE_VOICES: readonly QualityVoice[] = [
  'librivox',
  'flite-kal16',
  'festival-slt-hts',
  'flite-slt',
  'espeak-ng',
  'librivox',
  'flite-kal16',
  'festival-slt-hts',
  'flite-slt',
  'espeak-ng',
  'librivox',
  'flite-kal16',
];

/** An ordinary gap between phrases, a gap around a spoken marker, and an inserted long pause. */
const GAP = { min: 0.35, max: 0.9 };
const MARKER_GAP = { min: 0.3, max: 0.7 };
const PAUSE = { min: 2.3, max: 3.6 };
const TAKE_FRACTIONS = [0.4, 0.55, 0.7] as const;

/** The first part of a sentence, as a host who stops and starts again says it. */
export function flubbedTake(sentence: string, fraction: number): { text: string; words: number } {
  const words = sentence.split(' ').filter(Boolean);
  const count = Math.min(words.length - 1, Math.max(2, Math.round(words.length * fraction)));
  return { text: words.slice(0, count).join(' '), words: count };
}

/** Builds beats with random gaps; each helper adds a beat and the gap after it. */
function writer(rand: () => number) {
  const beats: Beat[] = [];
  let retakes = 0;
  const gap = (range = GAP) => beats.push({ kind: 'gap', seconds: between(rand, range.min, range.max), pause: false });
  return {
    beats,
    say(beat: Omit<SayBeat, 'kind'>, after = GAP) {
      beats.push({ kind: 'say', ...beat });
      gap(after);
    },
    pause() {
      beats.push({ kind: 'gap', seconds: between(rand, PAUSE.min, PAUSE.max), pause: true });
    },
    /** A flubbed take, the marker and the sentence again; `take` is the cut-off version. */
    retake(
      voice: QualityVoice,
      eventVoice: QualityVoice,
      whole: Omit<SayBeat, 'kind' | 'role' | 'voice'>,
      take: Omit<SayBeat, 'kind' | 'role' | 'voice'>,
    ) {
      const retake = retakes++;
      this.say({ role: 'take', voice, retake, ...take }, MARKER_GAP);
      this.say({ role: 'marker', voice: eventVoice, text: FLUBBER, retake }, MARKER_GAP);
      this.say({ role: 'again', voice, retake, ...whole });
    },
    /** A take abandoned and started again with no marker. */
    repeat(voice: QualityVoice, whole: Omit<SayBeat, 'kind' | 'role' | 'voice'>, take: Omit<SayBeat, 'kind' | 'role' | 'voice'>) {
      const retake = retakes++;
      this.say({ role: 'repeat', voice, retake, ...take });
      this.say({ role: 'again', voice, retake, ...whole });
    },
  };
}

function synthEpisode(id: string, voice: SynthVoice, topic: Topic, index: number, rand: () => number): EpisodeScript {
  const w = writer(rand);
  const [s1, s2, s3, s4, s5, s6] = topic.sentences as [string, string, string, string, string, string];
  const retake = (sentence: string) => {
    const take = flubbedTake(sentence, pick(rand, TAKE_FRACTIONS));
    w.retake(voice, voice, { text: sentence }, { text: take.text });
  };
  w.say({ role: 'speech', voice, text: topic.intro });
  w.say({ role: 'speech', voice, text: s1 });
  w.say({ role: 'filler', voice, text: 'um' });
  w.say({ role: 'speech', voice, text: s2 });
  retake(s3);
  w.pause();
  w.say({ role: 'speech', voice, text: topic.like });
  if (index % 2 === 1) w.say({ role: 'intern', voice, text: `${INTERN} ${topic.question} ${STOP}` });
  w.say({ role: 'speech', voice, text: s4 });
  if (index % 2 === 0) w.say({ role: 'sfx', voice, text: SFX_KEYWORD });
  w.say({ role: 'filler', voice, text: 'uh' });
  if (index % 3 === 0) retake(s5);
  else w.say({ role: 'speech', voice, text: s5 });
  w.pause();
  w.say({ role: 'speech', voice, text: topic.youKnow });
  if (index % 3 === 2) w.repeat(voice, { text: s6 }, { text: flubbedTake(s6, pick(rand, TAKE_FRACTIONS)).text });
  else w.say({ role: 'speech', voice, text: s6 });
  w.say({ role: 'speech', voice, text: topic.outro });
  return { id, voice, beats: w.beats.slice(0, -1) };
}

/** Real read speech with the host's markers, commands and fillers said by a local voice. */
function librivoxEpisode(
  id: string,
  clips: readonly LibrivoxClipText[],
  index: number,
  eventVoice: SynthVoice,
  rand: () => number,
): EpisodeScript {
  const w = writer(rand);
  const order = clips.map((_, i) => clips[(i + index * 2) % clips.length] as LibrivoxClipText);
  const [c1, c2, c3, c4, c5] = order as [LibrivoxClipText, LibrivoxClipText, LibrivoxClipText, LibrivoxClipText, LibrivoxClipText];
  const clip = (c: LibrivoxClipText) => ({ text: c.reference, clip: { id: c.id } });
  const retake = (c: LibrivoxClipText) => {
    const take = flubbedTake(c.reference, pick(rand, TAKE_FRACTIONS));
    w.retake('librivox', eventVoice, clip(c), { text: take.text, clip: { id: c.id, words: take.words } });
  };
  w.say({ role: 'speech', voice: 'librivox', ...clip(c1) });
  w.say({ role: 'filler', voice: eventVoice, text: 'um' });
  retake(c2);
  w.pause();
  if (index % 3 === 2) {
    const take = flubbedTake(c3.reference, pick(rand, TAKE_FRACTIONS));
    w.repeat('librivox', clip(c3), { text: take.text, clip: { id: c3.id, words: take.words } });
  } else w.say({ role: 'speech', voice: 'librivox', ...clip(c3) });
  if (index % 2 === 1) w.say({ role: 'intern', voice: eventVoice, text: `${INTERN} what is the name of the sister ${STOP}` });
  w.say({ role: 'speech', voice: 'librivox', ...clip(c4) });
  if (index % 2 === 0) w.say({ role: 'sfx', voice: eventVoice, text: SFX_KEYWORD });
  w.say({ role: 'filler', voice: eventVoice, text: 'uh' });
  retake(c5);
  return { id, voice: 'librivox', beats: w.beats.slice(0, -1) };
}

/**
 * The plan of the whole set. `voiceFor` maps a wanted local voice to one installed here (festival
 * or flite may be missing; espeak-ng is the last resort), so the set still builds everywhere and
 * says which voice it really used.
 */
export function planQualitySet(
  clips: readonly LibrivoxClipText[],
  options: { seed?: number; episodes?: number; voiceFor?: (voice: SynthVoice) => SynthVoice } = {},
): EpisodeScript[] {
  const rand = seeded(options.seed ?? 33);
  const voiceFor = options.voiceFor ?? ((voice: SynthVoice) => voice);
  const count = Math.min(options.episodes ?? EPISODE_VOICES.length, EPISODE_VOICES.length);
  const scripts: EpisodeScript[] = [];
  let topic = 0;
  for (let i = 0; i < count; i++) {
    const wanted = EPISODE_VOICES[i] ?? 'espeak-ng';
    const id = `ep${String(i + 1).padStart(2, '0')}`;
    if (wanted === 'librivox') {
      if (clips.length < 5) throw new Error('the LibriVox episodes need the 5 clips of pocketsphinx-testdata');
      scripts.push(librivoxEpisode(`${id}-librivox`, clips, i, voiceFor('festival-slt-hts'), rand));
    } else {
      const voice = voiceFor(wanted);
      scripts.push(synthEpisode(`${id}-${voice}`, voice, TOPICS[topic++ % TOPICS.length] as Topic, i, rand));
    }
  }
  return scripts;
}
