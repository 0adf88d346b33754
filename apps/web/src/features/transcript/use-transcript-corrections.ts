import { useMemo, useState } from 'react';
import { describeRescan, type TTranscriptView } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { draftCorrections, editWord, searchWords, transcriptLines, wordsWithDraft, type CorrectionDraft } from './transcript-lines.ts';

/**
 * The transcript's words in lines with the unsaved corrections over them, the word being edited,
 * the search and its hits, and saving the corrections (the spoken commands are looked for again).
 */
export function useTranscriptCorrections(view: TTranscriptView) {
  const utils = trpc.useUtils();
  const correct = trpc.transcripts.correct.useMutation();
  const [draft, setDraft] = useState<CorrectionDraft>(new Map());
  const [editing, setEditing] = useState<number | null>(null);
  const [query, setQuery] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  const lines = useMemo(() => transcriptLines(view.words), [view.words]);
  const texts = useMemo(() => wordsWithDraft(view.words, draft), [view.words, draft]);
  const found = useMemo(() => searchWords(texts, query), [texts, query]);
  const pending = draftCorrections(draft);

  async function save() {
    try {
      const result = await correct.mutateAsync({ media_id: view.media_id, corrections: pending });
      await utils.transcripts.view.invalidate();
      setDraft(new Map());
      setOutcome(describeRescan(result.rescan.before, result.rescan.after));
      await Promise.all([utils.media.mainContent.invalidate(), utils.transcripts.intentHints.invalidate()]);
    } catch {
      // The error is shown from the mutation's state.
    }
  }

  /** The edit of a word ends: a text is kept as a correction, null (Escape) drops it. */
  function finishEdit(index: number, text: string | null) {
    if (text !== null) setDraft((current) => editWord(current, view.words, index, text));
    setEditing(null);
  }

  return {
    lines,
    texts,
    found,
    query,
    setQuery,
    editing,
    setEditing,
    finishEdit,
    isCorrected: (index: number) => view.corrected.includes(index) || draft.has(index),
    savedCount: new Set(view.corrected).size,
    pendingCount: pending.length,
    discard: () => setDraft(new Map()),
    save,
    outcome,
    saving: correct.isPending,
    saveError: correct.error,
  };
}
