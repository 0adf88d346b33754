import { useState, type DragEvent, type ReactNode } from 'react';
import { Button, FileButton, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';

interface ChooserProps {
  label: string;
  variant: string;
  disabled: boolean;
  onFile(file: File | null): void;
}

/** A button that opens the file picker for an image. */
export function CoverChooser({ label, variant, disabled, onFile }: ChooserProps) {
  return (
    <FileButton onChange={onFile} accept="image/*">
      {(props) => (
        <Button {...props} variant={variant} leftSection={<IconUpload size={16} />} disabled={disabled}>
          {label}
        </Button>
      )}
    </FileButton>
  );
}

function DropArea({ onFile, children }: { onFile(file: File | null): void; children: ReactNode }) {
  const [over, setOver] = useState(false);
  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    onFile(event.dataTransfer.files[0] ?? null);
  }
  return (
    <Paper
      withBorder
      p="xl"
      radius="md"
      data-testid="cover-drop-area"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      style={{ borderStyle: 'dashed', borderWidth: 2, background: over ? 'var(--mantine-color-blue-0)' : undefined }}
    >
      {children}
    </Paper>
  );
}

/** The empty step: drop an image or choose one. */
export function CoverDropArea({ onFile, disabled }: { onFile(file: File | null): void; disabled: boolean }) {
  return (
    <DropArea onFile={onFile}>
      <Stack align="center" gap="sm">
        <IconPhoto size={40} stroke={1.5} aria-hidden="true" />
        <Text fw={600}>Drag an image here or choose a file</Text>
        <CoverChooser label="Choose image" variant="light" disabled={disabled} onFile={onFile} />
      </Stack>
    </DropArea>
  );
}
