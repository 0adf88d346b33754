import { BYTES_PER_MB, MEDIA, MEDIA_MESSAGES, exceedsLimitMessage, onlyAudioAllowedMessage, type TLibraryCategory } from '@ppp/contracts';

/** Library sections in order, with the spec's commercial 'Coming Soon'. */
export const SECTIONS: readonly { category: TLibraryCategory; title: string; disabled?: boolean }[] = [
  { category: 'intro', title: 'Intros' },
  { category: 'outro', title: 'Outros' },
  { category: 'music', title: 'Music' },
  { category: 'sfx', title: 'Sound Effects' },
  { category: 'commercial', title: 'Commercials', disabled: true },
];

export interface FileProblem {
  title: string;
  message: string;
}

/** The browser's check before sending (the server probes the content again): audio only, 50 MB, 25 MB for sfx. */
export function libraryFileProblem(file: Pick<File, 'name' | 'size' | 'type'>, category: TLibraryCategory): FileProblem | null {
  if (file.type && !file.type.startsWith('audio/')) {
    return { title: MEDIA_MESSAGES.invalidFileType, message: onlyAudioAllowedMessage(file.name, category) };
  }
  const limitMb = category === 'sfx' ? MEDIA.sfxMaxMb : MEDIA.libraryMaxMb;
  if (file.size > limitMb * BYTES_PER_MB)
    return { title: MEDIA_MESSAGES.fileTooLarge, message: exceedsLimitMessage(file.name, limitMb, category) };
  return null;
}

/** A friendly name from a file name: its base without the extension. */
export function nameFromFile(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '');
}
