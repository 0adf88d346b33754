import { Switch, TagsInput } from '@mantine/core';

interface SwitchedWordListProps {
  /** The switch that turns the clean-up on, e.g. "Remove filler words". */
  switchLabel: string;
  enabled: boolean;
  onEnabled: (enabled: boolean) => void;
  /** The words it acts on, e.g. "Filler words": typed one by one, or pasted split by commas or bars. */
  listLabel: string;
  words: string[];
  onWords: (words: string[]) => void;
}

/** A word-driven clean-up (fillers, censored words): its switch, then the words it looks for. */
export function SwitchedWordList({ switchLabel, enabled, onEnabled, listLabel, words, onWords }: SwitchedWordListProps) {
  return (
    <>
      <Switch label={switchLabel} checked={enabled} onChange={(e) => onEnabled(e.currentTarget.checked)} />
      <TagsInput label={listLabel} value={words} onChange={onWords} splitChars={[',', '|']} />
    </>
  );
}
