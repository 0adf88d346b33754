/*
 * Flubber detection accuracy on a scripted, labelled set (issue 18): word-timed transcripts where
 * the creator flubs a sentence, says 'flubber' and says it again, and the cases that must not be
 * taken for a retake (a marker with nothing said again, a sentence sharing one word, a word that
 * only sounds like the trigger, a different number). Word lengths and pauses vary from case to case
 * (a fixed seed, so every run measures the same set). Printed: marker precision and recall, retake
 * precision and recall (where the restart began), the mean and worst error of the proposed cut's
 * start against the true restart point (the flubbed take's first word; the cut deliberately begins
 * up to 0.3 s into the pause before it), and the share within 0.3 s. Real speech (LibriVox clips
 * transcribed by pocketsphinx) is measured by test/detection/retake.real.test.ts.
 */
import { CLEANUP, type TFlubberMarker, type TTranscriptWord } from '@ppp/contracts';
import { detectFlubberMarkers, toMatchWords } from '../src/index.ts';
import { seeded as random } from './quality/random.ts';

const TOLERANCE_S = 0.3;
/** Seconds are rounded to the millisecond: an error of 0.3 s computed as 0.30000001 is within. */
const EPSILON = 1e-6;
/** A detected marker belongs to a scripted one when it starts within this of it. */
const MARKER_MATCH_S = 0.5;

const SENTENCES = [
  'today we are going to talk about growing tomatoes on a balcony',
  'the new release has the most features we have ever shipped',
  'my guest this week is a community garden organiser from leeds',
  'the ratio of brown material to green material is the real secret',
  'before we start I want to thank everyone who wrote in last week',
  'the council voted to close the library on sundays from next month',
  'if you turn the pile every week the microbes get enough oxygen',
  'our next segment looks at how small podcasts find their audience',
  'she keeps a worm bin under the kitchen sink in her apartment',
  'the best time to plant garlic is in the middle of autumn',
  'we asked three listeners what they would change about the show',
  'the recording was made in a cupboard full of winter coats',
];
const LEAD_INS = ['welcome back everyone', 'so here is the thing', 'right let us get going', 'okay moving on'];
const HESITATIONS = ['', 'uh', 'um sorry', 'no wait'];
/** Recognisers mishear: a word of the flubbed take spelled as a recogniser might. */
const MISHEARD: Record<string, string> = {
  their: 'there',
  tomatoes: 'tomatos',
  features: 'feature',
  organiser: 'organizer',
  month: 'months',
};
const SOUND_ALIKES = ['rubber', 'blubber', 'flabber', 'clubber'];

interface Case {
  label: string;
  words: TTranscriptWord[];
  /** The true markers: where 'flubber' was said and where the flubbed take began (null: nothing was said again). */
  markers: { at_s: number; restart_s: number | null }[];
}

/** Builds a transcript phrase by phrase; each phrase returns where its first word starts. */
function speaker(rand: () => number) {
  const words: TTranscriptWord[] = [];
  let at = 0;
  const round = (s: number) => Math.round(s * 1000) / 1000;
  return {
    words,
    say(text: string, pauseBefore = 0.3 + rand() * 0.7): number {
      at += pauseBefore;
      const start = at;
      for (const word of text.split(' ').filter(Boolean)) {
        const length = 0.18 + rand() * 0.3;
        words.push({ text: word, start: round(at), end: round(at + length), confidence: 0.6 + rand() * 0.4 });
        at += length + 0.04 + rand() * 0.12;
      }
      return round(start);
    },
  };
}

function cases(): Case[] {
  const rand = random(18);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const all: Case[] = [];
  for (const [i, sentence] of SENTENCES.entries()) {
    const parts = sentence.split(' ');
    for (const fraction of [0.35, 0.6, 0.85]) {
      const s = speaker(rand);
      s.say(pick(LEAD_INS), 0.2);
      let take = parts.slice(0, Math.max(2, Math.round(parts.length * fraction))).join(' ');
      if (fraction === 0.6) take = take.replace(/\b\w+\b/g, (w) => MISHEARD[w] ?? w);
      const restart = s.say(`${take} ${pick(HESITATIONS)}`.trim());
      const at = s.say('flubber', 0.2 + rand() * 0.5);
      s.say(sentence, 0.3 + rand() * 0.6);
      s.say(pick(LEAD_INS));
      all.push({ label: `retake ${i}@${fraction}`, words: s.words, markers: [{ at_s: at, restart_s: restart }] });
    }
    // A marker with nothing said again: the fallback cut, no retake.
    const plain = speaker(rand);
    plain.say(sentence, 0.2);
    const at = plain.say('flubber');
    plain.say(SENTENCES[(i + 5) % SENTENCES.length] ?? '');
    all.push({ label: `no retake ${i}`, words: plain.words, markers: [{ at_s: at, restart_s: null }] });
    // A word that only sounds like the trigger, and a sentence said twice without a marker: nothing to find.
    const alike = speaker(rand);
    alike.say(sentence, 0.2);
    alike.say(`the ${pick(SOUND_ALIKES)} ducks were fine`);
    alike.say(sentence);
    all.push({ label: `sound-alike ${i}`, words: alike.words, markers: [] });
  }
  // A correction: the same sentence with another number and noun is still a retake of it.
  const numbers = speaker(rand);
  numbers.say('so', 0.2);
  const restart = numbers.say('in chapter 2 we read the letters');
  const at = numbers.say('flubber');
  numbers.say('in chapter 3 we read the diaries');
  all.push({ label: 'corrected number', words: numbers.words, markers: [{ at_s: at, restart_s: restart }] });
  return all;
}

interface Tally {
  markers: { tp: number; fp: number; fn: number };
  retakes: { tp: number; fp: number; fn: number };
  errors: number[];
  misses: string[];
}

function score(set: readonly Case[]): Tally {
  const tally: Tally = { markers: { tp: 0, fp: 0, fn: 0 }, retakes: { tp: 0, fp: 0, fn: 0 }, errors: [], misses: [] };
  for (const item of set) {
    const duration = item.words.at(-1)?.end ?? null;
    const found = detectFlubberMarkers(toMatchWords(item.words), CLEANUP.defaultFlubberTrigger, CLEANUP.defaultFuzzyThreshold, duration);
    const unmatched = new Set<TFlubberMarker>(found);
    for (const truth of item.markers) {
      const marker = found.find((m) => unmatched.has(m) && Math.abs(m.flubber_time_s - truth.at_s) <= MARKER_MATCH_S);
      if (!marker) {
        tally.markers.fn++;
        if (truth.restart_s !== null) tally.retakes.fn++;
        tally.misses.push(`${item.label}: marker not found`);
        continue;
      }
      unmatched.delete(marker);
      tally.markers.tp++;
      const retake = marker.retake_found === true;
      if (truth.restart_s === null) {
        if (retake) {
          tally.retakes.fp++;
          tally.misses.push(`${item.label}: a retake '${marker.retake_text}' where nothing was said again`);
        }
        continue;
      }
      if (!retake) {
        tally.retakes.fn++;
        tally.misses.push(`${item.label}: fell back to the marker's cut`);
        continue;
      }
      const error = Math.abs(marker.cut_start_s - truth.restart_s);
      tally.errors.push(error);
      if (error <= TOLERANCE_S + EPSILON) tally.retakes.tp++;
      else {
        tally.retakes.fp++;
        tally.retakes.fn++;
        tally.misses.push(`${item.label}: cut starts ${error.toFixed(2)} s from the restart ('${marker.retake_text}')`);
      }
    }
    for (const marker of unmatched) {
      tally.markers.fp++;
      if (marker.retake_found) tally.retakes.fp++;
      tally.misses.push(`${item.label}: a marker at ${marker.flubber_time_s} s where none was said`);
    }
  }
  return tally;
}

const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : `${((a / b) * 100).toFixed(1)} %`);
const set = cases();
const started = performance.now();
const tally = score(set);
const elapsed = performance.now() - started;
const { markers, retakes, errors } = tally;
const mean = errors.reduce((sum, e) => sum + e, 0) / Math.max(1, errors.length);
const within = errors.filter((e) => e <= TOLERANCE_S + EPSILON).length;
const retakeCount = set.reduce((n, c) => n + c.markers.filter((m) => m.restart_s !== null).length, 0);

console.log(`flubber detection on ${set.length} scripted transcripts (${retakeCount} real retakes), ${elapsed.toFixed(0)} ms`);
console.log(
  `  markers: precision ${ratio(markers.tp, markers.tp + markers.fp)}, recall ${ratio(markers.tp, markers.tp + markers.fn)} (${markers.tp} found, ${markers.fp} false, ${markers.fn} missed)`,
);
console.log(
  `  retake start: precision ${ratio(retakes.tp, retakes.tp + retakes.fp)}, recall ${ratio(retakes.tp, retakes.tp + retakes.fn)} (within ${TOLERANCE_S} s of the true restart)`,
);
console.log(
  `  cut-start error: mean ${mean.toFixed(3)} s, worst ${Math.max(0, ...errors).toFixed(3)} s; ${within}/${retakeCount} (${ratio(within, retakeCount)}) within ${TOLERANCE_S} s`,
);
for (const miss of tally.misses) console.log(`  miss: ${miss}`);
