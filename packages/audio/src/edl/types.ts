import type {
  TAudioCleanupSettings,
  TBackgroundMusicRule,
  TDetectionResult,
  TEdlFile,
  TEdlLoudness,
  TEdlMetadataInput,
  TEdlOutputInput,
  TSegment,
  TTemplateTiming,
  TTranscriptWord,
} from '@ppp/contracts';

/** A template segment with its audio resolved to a local file (the content segment's file is the upload). */
export interface ResolvedSegment {
  segment: TSegment;
  /** Null only for the content segment, which plays the upload. */
  file: TEdlFile | null;
}

export interface ResolvedMusicRule {
  rule: TBackgroundMusicRule;
  file: TEdlFile;
}

export interface PlanTemplate {
  segments: readonly ResolvedSegment[];
  music: readonly ResolvedMusicRule[];
  timing: TTemplateTiming;
}

export interface PlanContent {
  file: TEdlFile;
  words: readonly TTranscriptWord[];
  detections: TDetectionResult;
}

/** An Intern answer the creator accepted: its rendered speech, placed at the command's end unless at_s says. */
export interface InternAnswerChoice {
  intern_index: number;
  file: TEdlFile;
  /** Content time to insert at; defaults to the end of the spoken command. */
  at_s?: number;
  title?: string;
  gain_db?: number;
}

/** A sound-effect hit the creator kept: plays at the keyword, which is cut unless keep_keyword. */
export interface SfxChoice {
  /** Index into detections.sfx.matches. */
  hit_index: number;
  file: TEdlFile;
  keep_keyword?: boolean;
  gain_db?: number;
}

export interface PlanChoices {
  /** flubber_index of each retake the creator chose to cut. */
  flubber: readonly number[];
  intern: readonly InternAnswerChoice[];
  sfx: readonly SfxChoice[];
  cleanup: TAudioCleanupSettings;
  /** The resolved censorBeepFile, when the settings name one; otherwise a tone is generated. */
  censorBeepFile?: TEdlFile | null;
  /** Cuts drawn in the waveform editor, in content milliseconds. */
  manualCuts?: readonly { start_ms: number; end_ms: number }[];
}

export interface PlanOptions {
  output?: TEdlOutputInput;
  metadata?: TEdlMetadataInput;
  loudness?: Partial<TEdlLoudness>;
  /** How far music beds drop under speech; 0 turns ducking off. */
  duckDb?: number;
}

export interface PlanInput {
  template: PlanTemplate;
  content: PlanContent;
  choices: PlanChoices;
  options?: PlanOptions;
}

/** Seconds (as detections and transcripts carry them) to whole milliseconds. */
export function toMs(seconds: number): number {
  return Math.round(seconds * 1000);
}
