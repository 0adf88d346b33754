import type { TEdlContentPiece, TEdlCut, TEdlInsert, TEdlInsertSource, TEdlRange } from '@ppp/contracts';
import { removedBefore, snapOutOfCuts } from './cuts.ts';
import { toMs, type PlanChoices, type PlanContent } from './types.ts';

/** An insert placed in content time, before the timeline is known. */
export type ContentInsert = Omit<TEdlInsert, 'at_ms'>;

function internInserts(content: PlanContent, choices: PlanChoices): ContentInsert[] {
  const commands = new Map(content.detections.intern.matches.map((command) => [command.intern_index, command]));
  return choices.intern.flatMap((answer) => {
    const command = commands.get(answer.intern_index);
    const atS = answer.at_s ?? command?.end_s;
    if (atS === undefined) return [];
    const prompt = command?.prompt_text.trim() ?? '';
    return [
      {
        id: `intern-${answer.intern_index}`,
        kind: 'intern',
        mode: 'splice',
        title: answer.title ?? (prompt === '' ? 'Intern' : `Intern: ${prompt}`),
        source: { type: 'file', file: answer.file },
        content_ms: toMs(atS),
        duration_ms: answer.file.duration_ms,
        gain_db: answer.gain_db ?? 0,
      },
    ];
  });
}

function sfxInserts(content: PlanContent, choices: PlanChoices): ContentInsert[] {
  return choices.sfx.flatMap((choice) => {
    const hit = content.detections.sfx.matches[choice.hit_index];
    if (hit === undefined) return [];
    return [
      {
        id: `sfx-${choice.hit_index}`,
        kind: 'sfx',
        mode: 'overlay',
        title: hit.keyword,
        source: { type: 'file', file: choice.file },
        content_ms: toMs(hit.start_s),
        duration_ms: choice.file.duration_ms,
        gain_db: choice.gain_db ?? 0,
      },
    ];
  });
}

/** A censored word is silenced from its start to its end, and a beep starts where it starts. */
function censorPlan(content: PlanContent, choices: PlanChoices): { beeps: ContentInsert[]; mutes: TEdlRange[] } {
  const { cleanup, censorBeepFile } = choices;
  if (!cleanup.censorEnabled) return { beeps: [], mutes: [] };
  const source: TEdlInsertSource =
    censorBeepFile != null ? { type: 'file', file: censorBeepFile } : { type: 'tone', frequency_hz: cleanup.censorBeepFreq };
  const durationMs = censorBeepFile != null ? censorBeepFile.duration_ms : cleanup.censorBeepMs;
  const words = content.detections.censored.matches;
  return {
    mutes: words.map((word) => ({ start_ms: toMs(word.start_s), end_ms: toMs(word.end_s) })),
    beeps: words.map((word, index) => ({
      id: `beep-${index}`,
      kind: 'beep',
      mode: 'overlay',
      title: 'Beep',
      source,
      content_ms: toMs(word.start_s),
      duration_ms: durationMs,
      gain_db: cleanup.censorBeepGainDb,
    })),
  };
}

export function planContentInserts(content: PlanContent, choices: PlanChoices, cuts: readonly TEdlCut[]) {
  const { beeps, mutes } = censorPlan(content, choices);
  const durationMs = content.file.duration_ms;
  const inserts = [...internInserts(content, choices), ...sfxInserts(content, choices), ...beeps].map((insert) => ({
    ...insert,
    content_ms: snapOutOfCuts(Math.min(durationMs, Math.max(0, insert.content_ms)), cuts),
  }));
  // Stable by content time, so two splices at one instant play in the order the creator gave them.
  inserts.sort((a, b) => a.content_ms - b.content_ms);
  return { inserts, mutes };
}

/**
 * Where each insert starts in the content's output time. Content time maps through the cuts;
 * splices shift everything after them. Rule: at one instant, the splices play first (in order) and
 * an overlay at that instant starts after them.
 */
export function contentOffsets(inserts: readonly ContentInsert[], cuts: readonly TEdlCut[]): Map<string, number> {
  const offsets = new Map<string, number>();
  let spliced = 0;
  const splices = inserts.filter((insert) => insert.mode === 'splice');
  for (const splice of splices) {
    offsets.set(splice.id, splice.content_ms - removedBefore(splice.content_ms, cuts) + spliced);
    spliced += splice.duration_ms;
  }
  for (const overlay of inserts.filter((insert) => insert.mode === 'overlay')) {
    const before = splices.filter((splice) => splice.content_ms <= overlay.content_ms);
    const shift = before.reduce((sum, splice) => sum + splice.duration_ms, 0);
    offsets.set(overlay.id, overlay.content_ms - removedBefore(overlay.content_ms, cuts) + shift);
  }
  return offsets;
}

/** The kept stretches of [0, durationMs) between the cuts. */
export function keptRanges(cuts: readonly TEdlCut[], durationMs: number): TEdlRange[] {
  const kept: TEdlRange[] = [];
  let from = 0;
  for (const cut of cuts) {
    if (cut.start_ms > from) kept.push({ start_ms: from, end_ms: cut.start_ms });
    from = Math.max(from, cut.end_ms);
  }
  if (durationMs > from) kept.push({ start_ms: from, end_ms: durationMs });
  return kept;
}

/** The content track in play order: kept source audio split where splices go in. */
export function contentPieces(cuts: readonly TEdlCut[], durationMs: number, inserts: readonly ContentInsert[]): TEdlContentPiece[] {
  const splices = inserts.filter((insert) => insert.mode === 'splice');
  const pieces: TEdlContentPiece[] = [];
  let next = 0;
  for (const range of keptRanges(cuts, durationMs)) {
    let from = range.start_ms;
    for (let splice = splices[next]; splice !== undefined && splice.content_ms <= range.end_ms; splice = splices[++next]) {
      const at = Math.max(from, splice.content_ms);
      if (at > from) pieces.push({ type: 'source', start_ms: from, end_ms: at });
      pieces.push({ type: 'insert', insert_id: splice.id });
      from = at;
    }
    if (range.end_ms > from) pieces.push({ type: 'source', start_ms: from, end_ms: range.end_ms });
  }
  for (const splice of splices.slice(next)) pieces.push({ type: 'insert', insert_id: splice.id });
  return pieces;
}

export function piecesDuration(pieces: readonly TEdlContentPiece[], inserts: readonly ContentInsert[]): number {
  const durations = new Map(inserts.map((insert) => [insert.id, insert.duration_ms]));
  return pieces.reduce(
    (sum, piece) => sum + (piece.type === 'source' ? piece.end_ms - piece.start_ms : (durations.get(piece.insert_id) ?? 0)),
    0,
  );
}
