import { useEffect, useRef } from 'react';
import { missingScripts, type TSegment, type TTemplateView } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';

interface Options {
  template: TTemplateView;
  ttsValues: Record<string, string>;
  voices: Record<string, { voice_id: string; name: string }>;
  onContinue(): void;
}

/** Step 3's data: the missing scripts (the first focused on arrival and on Continue), the clip and voice names shown. */
export function useCustomizeStep({ template, ttsValues, voices, onContinue }: Options) {
  const library = trpc.media.library.useQuery();
  const refs = useRef<Record<string, HTMLTextAreaElement | null>>({});
  const missing = missingScripts(template.segments, ttsValues);
  const firstMissing = missing[0] ?? null;

  function focusFirstMissing() {
    if (!firstMissing) return;
    const field = refs.current[firstMissing];
    field?.scrollIntoView({ block: 'center' });
    field?.focus();
  }
  // On arriving, the first missing script is scrolled to and focused.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(focusFirstMissing, []);

  /** The static clip's friendly name, the voice segment's voice name (null or '' for the other kinds). */
  function names(segment: TSegment): { clipName: string | null; voiceName: string } {
    const { source } = segment;
    if (source.source_type === 'static') {
      const key = source.media_id ?? source.filename;
      const item = (library.data ?? []).find((m) => m.filename === key || m.id === key);
      return { clipName: item ? item.friendly_name : null, voiceName: '' };
    }
    if (source.source_type !== 'tts') return { clipName: null, voiceName: '' };
    const voiceName = voices[segment.id]?.name ?? source.voice_name ?? source.voice_label ?? source.voice_id ?? 'Default voice';
    return { clipName: null, voiceName };
  }

  return {
    loadingClips: library.isPending,
    missing,
    names,
    bindScript: (segmentId: string) => (el: HTMLTextAreaElement | null) => {
      refs.current[segmentId] = el;
    },
    continueClick: () => (firstMissing ? focusFirstMissing() : onContinue()),
  };
}
