import { useMemo, useState } from 'react';
import { describeRescan, type TTranscriptCorrectionsResult, type TTranscriptEdits, type TTranscriptView } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { searchWords, transcriptLines } from './transcript-lines.ts';
import {
  EMPTY_DRAFT,
  canMerge,
  canSplit,
  draftEdits,
  draftSize,
  mergeWithNext,
  previewWords,
  setWordText,
  splitWord,
  type TranscriptDraft,
} from './transcript-draft.ts';

/** Saves edits (detection runs again on them), then reloads what reads the words; says what detection found. */
function useSaveCorrections(mediaId: string, onSaved?: (result: TTranscriptCorrectionsResult) => void) {
  const utils = trpc.useUtils();
  const correct = trpc.transcripts.correct.useMutation();
  const [outcome, setOutcome] = useState<string | null>(null);
  async function save(edits: TTranscriptEdits): Promise<boolean> {
    try {
      const result = await correct.mutateAsync({ media_id: mediaId, ...edits });
      await utils.transcripts.view.invalidate();
      setOutcome(describeRescan(result.rescan.before, result.rescan.after));
      await Promise.all([utils.media.mainContent.invalidate(), utils.transcripts.intentHints.invalidate()]);
      onSaved?.(result);
      return true;
    } catch {
      // The error is shown from the mutation's state.
      return false;
    }
  }
  return { save, outcome, saving: correct.isPending, saveError: correct.error };
}

/**
 * The transcript's words as they will read with the unsaved edits (corrections, splits, merges), in
 * lines, the selected word, the search and its hits, and saving the edits (detection runs again on them).
 */
export function useTranscriptCorrections(view: TTranscriptView, onSaved?: (result: TTranscriptCorrectionsResult) => void) {
  const [draft, setDraft] = useState<TranscriptDraft>(EMPTY_DRAFT);
  const [selected, setSelected] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const words = useMemo(() => previewWords(view.words, view.corrected, draft), [view.words, view.corrected, draft]);
  const lines = useMemo(() => transcriptLines(words), [words]);
  const texts = useMemo(() => words.map((w) => w.text), [words]);
  const found = useMemo(() => searchWords(texts, query), [texts, query]);
  const pendingCount = draftSize(draft);

  const { save, outcome, saving, saveError } = useSaveCorrections(view.media_id, onSaved);
  const saveDraft = async () => {
    if (await save(draftEdits(draft))) {
      setDraft(EMPTY_DRAFT);
      setSelected(null);
    }
  };

  return {
    words,
    lines,
    found,
    query,
    setQuery,
    selected,
    select: setSelected,
    /** The selected word's text as typed (two words with a space split it). */
    setText: (position: number, text: string) => setDraft((current) => setWordText(current, view.words, words, position, text)),
    canSplit: (position: number) => canSplit(words, position),
    split: (position: number, texts: [string, string]) => {
      const word = words[position];
      if (word && canSplit(words, position)) setDraft((current) => splitWord(current, word.from, texts));
    },
    canMerge: (position: number) => canMerge(draft, words, position),
    mergeNext: (position: number) => setDraft((current) => mergeWithNext(current, words, position)),
    savedCount: new Set(view.corrected).size,
    pendingCount,
    discard: () => {
      setDraft(EMPTY_DRAFT);
      setSelected(null);
    },
    save: saveDraft,
    outcome,
    saving,
    saveError,
  };
}
