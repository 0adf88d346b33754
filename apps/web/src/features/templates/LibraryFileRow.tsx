import type { ReactNode } from 'react';
import { Alert, Button, Group, Select, Text, type ComboboxData } from '@mantine/core';
import { TEMPLATE_MESSAGES, type TMediaItem } from '@ppp/contracts';

interface Props {
  label: string;
  placeholder: string;
  /** The choices (the user's library, and the shared beds for music). */
  data: ComboboxData;
  /** The chosen file ('' when none). */
  filename: string;
  /** The user's library files of this kind: a chosen file not among them (once loaded) is missing. */
  library: readonly TMediaItem[];
  libraryLoaded: boolean;
  onChoose: (value: string | null) => void;
  error?: string | null;
  disabled?: boolean;
  /** The button beside the picker (upload music, generate with AI voice). */
  action: ReactNode;
  onReconnect: () => void;
}

/** A file the template names that the library no longer has (once the library is loaded). */
export function isMissingFile(filename: string, library: readonly TMediaItem[], libraryLoaded: boolean): boolean {
  return filename !== '' && libraryLoaded && !library.some((item) => item.filename === filename);
}

/**
 * The Template Editor's file picker row (a segment's clip, a music rule's bed): the library choice, a
 * button beside it, and a 'File missing' banner offering to reconnect when the chosen file is gone.
 */
export function LibraryFileRow({
  label,
  placeholder,
  data,
  filename,
  library,
  libraryLoaded,
  onChoose,
  error,
  disabled,
  action,
  onReconnect,
}: Props) {
  const missing = isMissingFile(filename, library, libraryLoaded);
  return (
    <>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select
          style={{ flex: 1, minWidth: 200 }}
          label={label}
          placeholder={placeholder}
          data={data}
          value={missing ? null : filename || null}
          onChange={onChoose}
          disabled={disabled}
          error={error}
          searchable
        />
        {action}
      </Group>
      {missing && <FileMissingAlert filename={filename} onReconnect={onReconnect} />}
    </>
  );
}

function FileMissingAlert({ filename, onReconnect }: { filename: string; onReconnect: () => void }) {
  return (
    <Alert color="orange" title="File missing">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {filename}: {TEMPLATE_MESSAGES.fileMissing}
        </Text>
        <Button size="xs" variant="white" color="orange" onClick={onReconnect}>
          Reconnect
        </Button>
      </Group>
    </Alert>
  );
}
