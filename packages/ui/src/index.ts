export { BrandLogo, type BrandLogoProps } from './brand-logo/BrandLogo.tsx';
export { DisplayOptionsProvider, useDisplayOptions, type DisplayOptionsProviderProps } from './display-options/DisplayOptionsProvider.tsx';
export {
  DEFAULT_DISPLAY_OPTIONS,
  DISPLAY_OPTIONS_KEY,
  readDisplayOptions,
  writeDisplayOptions,
  themeScaleFor,
  type TDisplayOptions,
  type KeyValueStorage,
} from './display-options/display-options.ts';
export { CenteredCard, type CenteredCardProps } from './centered-card/CenteredCard.tsx';
export { TitledCard, type TitledCardProps } from './titled-card/TitledCard.tsx';
export { DataTable, type DataTableProps, type DataTableColumn } from './data-table/DataTable.tsx';
export { DialogActions, type DialogActionsProps } from './dialog-actions/DialogActions.tsx';
export { UploadProgress, type UploadProgressProps } from './upload-progress/UploadProgress.tsx';
export { VoicePicker, type VoicePickerProps } from './voice-picker/VoicePicker.tsx';
export { voiceLabels, SPEECH_PROVIDER_LABELS } from './voice-picker/VoiceRow.tsx';
export { WaveformCutEditor, type WaveformCutEditorProps } from './waveform-cut-editor/WaveformCutEditor.tsx';
export { peaksForWaveform, cutsToCommit, type EditorCut } from './waveform-cut-editor/cut-list.ts';
export { SnippetWaveform, type SnippetWaveformProps } from './snippet-waveform/SnippetWaveform.tsx';
