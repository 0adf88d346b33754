import { createContext, useContext } from 'react';

/**
 * Issue 32: opens the transcript editor a screen keeps for its upload (the Episode Creator's reviews
 * keep one that steps their dialogs aside and reloads them after a save); null where none is kept.
 */
export const TranscriptOpener = createContext<(() => void) | null>(null);

export function useTranscriptOpener(): (() => void) | null {
  return useContext(TranscriptOpener);
}
