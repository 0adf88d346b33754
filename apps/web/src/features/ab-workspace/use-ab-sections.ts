import { useState } from 'react';
import { AB_MESSAGES, AB_WORKSPACE, abSectionProblems, type TAbDraft, type TAbSegmentOverride } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';

export type AbNotice = { color: string; title: string; items?: string[] } | null;

/** Each segment not played from a file, in turn, with the script the AI suggests for its section. */
async function withSuggestedScripts(
  segments: readonly TAbSegmentOverride[],
  ask: (section: TAbSegmentOverride['section_type']) => Promise<{ script: string }>,
): Promise<TAbSegmentOverride[]> {
  const next = [...segments];
  for (const [i, segment] of next.entries()) {
    if (segment.source_type === 'static') continue;
    const { script } = await ask(segment.section_type);
    next[i] = { ...segment, source_type: 'tts', script };
  }
  return next;
}

/**
 * The intro and outro of an /ab draft being edited: the segments, the library files they may use,
 * the saved sections, AI suggestions for the scripted ones, and saving them (checked first).
 */
export function useAbSections(draft: TAbDraft, initial: () => TAbSegmentOverride[]) {
  const utils = trpc.useUtils();
  const library = trpc.media.library.useQuery();
  const saved = trpc.abWorkspace.sections.useQuery({ podcast_id: draft.podcast_id ?? undefined });
  const save = trpc.abWorkspace.saveSections.useMutation();
  const suggest = trpc.abWorkspace.suggestSection.useMutation();
  const [notice, setNotice] = useState<AbNotice>(null);
  const [status, setStatus] = useState<'manual' | 'ai'>(draft.introoutro_status === 'ai' ? 'ai' : 'manual');
  const [segments, setSegments] = useState(initial);
  const files = (category: 'intro' | 'outro') => (library.data ?? []).filter((m) => m.category === category);
  const update = (next: TAbSegmentOverride) => setSegments((all) => all.map((s) => (s.segment_id === next.segment_id ? next : s)));

  async function applySuggestions() {
    try {
      const ask = (section_type: TAbSegmentOverride['section_type']) =>
        suggest.mutateAsync({ draft_id: draft.id, section_type, history_count: AB_WORKSPACE.suggestionHistory });
      setSegments(await withSuggestedScripts(segments, ask));
      setStatus('ai');
      setNotice({ color: 'grape', title: AB_MESSAGES.suggestionsApplied });
    } catch (error) {
      setNotice({ color: 'yellow', title: messageOf(error, 'No suggestions yet.') });
    }
  }

  async function submit() {
    const problems = abSectionProblems(segments, { intro: files('intro'), outro: files('outro') });
    if (problems.length > 0) return setNotice({ color: 'red', title: AB_MESSAGES.fixBeforeSaving, items: problems });
    try {
      const answer = await save.mutateAsync({ draft_id: draft.id, segments, status });
      setSegments(answer.draft.segment_overrides);
      await Promise.all([utils.abWorkspace.drafts.invalidate(), utils.abWorkspace.sections.invalidate()]);
      setNotice({ color: 'teal', title: AB_MESSAGES.sectionSaved });
    } catch (error) {
      setNotice({ color: 'red', title: messageOf(error, AB_MESSAGES.fixBeforeSaving) });
    }
  }

  return {
    segments,
    update,
    files,
    savedSections: saved.data?.items ?? [],
    notice,
    suggesting: suggest.isPending,
    saving: save.isPending,
    applySuggestions,
    submit,
  };
}

export type AbSections = ReturnType<typeof useAbSections>;
