import { useState } from 'react';
import { Button, Modal, Radio, Stack, Text } from '@mantine/core';
import { TEMPLATE_MESSAGES, TTS_MESSAGES, type TMediaItem } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';

interface Props {
  opened: boolean;
  missingName: string;
  clips: readonly TMediaItem[];
  onClose: () => void;
  onReconnect: (item: TMediaItem) => void;
}

/** 'Reconnect audio file': point a segment or music rule whose file left the library at another clip. */
export function ReconnectFileDialog({ opened, missingName, clips, onClose, onReconnect }: Props) {
  const [choice, setChoice] = useState<string | null>(null);
  const chosen = clips.find((clip) => clip.id === choice) ?? null;
  return (
    <Modal opened={opened} onClose={onClose} title={TTS_MESSAGES.reconnectTitle}>
      <Stack gap="sm">
        <Text size="sm">
          <b>{missingName}</b>: {TEMPLATE_MESSAGES.fileMissing} Choose a clip to use instead.
        </Text>
        {clips.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing of this kind in your media library yet. Upload one in Media Uploads.
          </Text>
        ) : (
          <Radio.Group value={choice} onChange={setChoice} label="Clips in your library">
            <Stack gap={6} mt={6}>
              {clips.map((clip) => (
                <Radio key={clip.id} value={clip.id} label={clip.friendly_name} description={clip.filename} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <DialogActions onCancel={onClose}>
          <Button disabled={!chosen} onClick={() => chosen && onReconnect(chosen)}>
            Reconnect
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
