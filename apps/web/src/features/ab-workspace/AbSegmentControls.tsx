import { SegmentedControl, Select, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  AB_MESSAGES,
  AB_WORKSPACE,
  type TAbSavedSection,
  type TAbSegmentOverride,
  type TAbSourceType,
  type TMediaItem,
  type TSegment,
} from '@ppp/contracts';

const SOURCES: { value: TAbSourceType; label: string }[] = [
  { value: 'tts', label: 'AI voice script' },
  { value: 'ai_generated', label: 'AI prompt' },
  { value: 'static', label: 'Library file' },
];

export const sectionLabel = (segment: Pick<TAbSegmentOverride, 'section_type'>) => (segment.section_type === 'intro' ? 'Intro' : 'Outro');

/** The library file a static segment names: by id, else by its stored filename. */
export function chosenFile(segment: TAbSegmentOverride, files: readonly TMediaItem[]): TMediaItem | null {
  return files.find((f) => (segment.media_id ? f.id === segment.media_id : f.filename === segment.filename)) ?? null;
}

/**
 * A template segment as this draft plays it, for the Episode Creator's segment card: a library file,
 * or an AI voice speaking the script (an AI prompt's script is written when the section is saved).
 */
export function segmentAsPlayed(segment: TSegment, override: TAbSegmentOverride): TSegment {
  if (override.source_type === 'static') {
    return { ...segment, source: { source_type: 'static', filename: override.filename, media_id: override.media_id ?? null } };
  }
  const base = segment.source.source_type === 'tts' ? segment.source : { text_prompt: '' };
  return {
    ...segment,
    source: {
      ...base,
      source_type: 'tts',
      text_prompt: override.script,
      voice_id: override.voice_id ?? (segment.source.source_type === 'tts' ? segment.source.voice_id : null),
      voice_name: override.voice_name ?? (segment.source.source_type === 'tts' ? segment.source.voice_name : null),
    },
  };
}

function LibraryFileSelect({ segment, files, onChange }: Omit<AbSegmentControlsProps, 'saved'>) {
  return (
    <Select
      label={`${sectionLabel(segment)} file`}
      placeholder={AB_MESSAGES.chooseStatic}
      data={files.map((f) => ({ value: f.id, label: f.display_name }))}
      value={chosenFile(segment, files)?.id ?? null}
      onChange={(id) => {
        const file = files.find((f) => f.id === id);
        onChange({ ...segment, media_id: file?.id ?? null, filename: file?.filename ?? '' });
      }}
    />
  );
}

interface SavedSectionSelectProps {
  segment: TAbSegmentOverride;
  reuse: readonly TAbSavedSection[];
  onChange(next: TAbSegmentOverride): void;
}

/** A saved script or AI prompt of the same section type, put in place of the segment's own. */
function SavedSectionSelect({ segment, reuse, onChange }: SavedSectionSelectProps) {
  return (
    <Select
      label="Use a saved section"
      placeholder="Saved sections"
      data={reuse.map((s) => ({ value: s.id, label: `${s.tag}: ${s.content.slice(0, 40)}` }))}
      value={null}
      onChange={(id) => {
        const found = reuse.find((s) => s.id === id);
        if (!found) return;
        onChange({
          ...segment,
          source_type: found.source_type,
          script: found.source_type === 'tts' ? found.content : '',
          prompt: found.source_type === 'ai_generated' ? found.content : segment.prompt,
        });
      }}
    />
  );
}

interface AbSegmentControlsProps {
  segment: TAbSegmentOverride;
  files: readonly TMediaItem[];
  saved: readonly TAbSavedSection[];
  onChange(next: TAbSegmentOverride): void;
}

/** What /ab adds to a segment card (spec 002 §5): the source (script, AI prompt or library file), the file, a saved section to reuse. */
export function AbSegmentControls({ segment, files, saved, onChange }: AbSegmentControlsProps) {
  const narrow = useMediaQuery('(max-width: 30em)');
  const reuse = saved.filter((s) => s.section_type === segment.section_type && s.source_type !== 'static');
  return (
    <>
      <SegmentedControl
        fullWidth
        orientation={narrow ? 'vertical' : 'horizontal'}
        data={SOURCES}
        value={segment.source_type}
        onChange={(value) => onChange({ ...segment, source_type: value as TAbSourceType })}
        aria-label={`${segment.section_type} source`}
      />
      {segment.source_type === 'ai_generated' && (
        <Textarea
          label="AI prompt"
          autosize
          minRows={2}
          maxLength={AB_WORKSPACE.scriptMax}
          value={segment.prompt}
          onChange={(e) => onChange({ ...segment, prompt: e.currentTarget.value, script: '' })}
        />
      )}
      {segment.source_type === 'static' && <LibraryFileSelect segment={segment} files={files} onChange={onChange} />}
      {segment.source_type !== 'static' && reuse.length > 0 && <SavedSectionSelect segment={segment} reuse={reuse} onChange={onChange} />}
    </>
  );
}
