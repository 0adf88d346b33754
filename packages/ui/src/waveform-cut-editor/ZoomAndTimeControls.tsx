import { Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { MANUAL_EDIT, parseTimeInput } from '@ppp/contracts';

export interface ZoomAndTimeControlsProps {
  zoom: number;
  onZoomChange: (seconds: number) => void;
  durationMs: number;
  onSeekMs: (ms: number) => void;
}

/** The zoom (seconds shown) and the 'Go to time' box (hh:mm:ss, mm:ss or seconds, within the recording). */
export function ZoomAndTimeControls({ zoom, onZoomChange, durationMs, onSeekMs }: ZoomAndTimeControlsProps) {
  const [timeText, setTimeText] = useState('');
  const [timeInvalid, setTimeInvalid] = useState(false);

  const goToTime = (event: FormEvent) => {
    event.preventDefault();
    const seconds = parseTimeInput(timeText);
    const ok = seconds !== null && seconds * 1000 <= durationMs;
    setTimeInvalid(!ok);
    if (ok) onSeekMs(Math.round(seconds * 1000));
  };

  return (
    <Group justify="space-between" wrap="wrap" gap="xs" align="flex-end">
      <div>
        <Text size="xs" c="dimmed" mb={4} id="zoom-label">
          Zoom (seconds shown)
        </Text>
        <SegmentedControl
          aria-labelledby="zoom-label"
          value={String(zoom)}
          onChange={(value) => onZoomChange(Number(value))}
          data={MANUAL_EDIT.zoomSeconds.map((s) => ({ value: String(s), label: `${s} s` }))}
        />
      </div>
      <form onSubmit={goToTime}>
        <Group gap={4} align="flex-end" wrap="nowrap">
          <TextInput
            label="Go to time"
            placeholder="hh:mm:ss, mm:ss or seconds"
            value={timeText}
            onChange={(event) => setTimeText(event.currentTarget.value)}
            error={timeInvalid ? 'Use hh:mm:ss, mm:ss or seconds' : undefined}
            w={200}
          />
          <Button type="submit" variant="default">
            Go
          </Button>
        </Group>
      </form>
    </Group>
  );
}
