import { Badge, Button, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMicrophone, IconPlayerPause, IconPlayerPlay, IconPlayerRecord, IconPlayerStop } from '@tabler/icons-react';
import { RECORDER } from '@ppp/contracts';
import { elapsedMs, formatClock, secondsLeft } from './recorder-machine.ts';
import type { RecorderControls } from './use-recorder.ts';

export function LevelMeter({ level }: { level: number }) {
  const percent = Math.round(level * 100);
  return (
    <Stack gap={4} w="100%">
      <Text size="xs" c="dimmed">
        Microphone level
      </Text>
      <Progress
        value={percent}
        size="lg"
        radius="xl"
        color={percent > 90 ? 'red' : percent > 8 ? 'teal' : 'gray'}
        aria-label="Microphone level"
        data-testid="mic-level"
        transitionDuration={80}
      />
    </Stack>
  );
}

function Timer({ ms }: { ms: number }) {
  return (
    <Text fz={48} fw={800} ff="monospace" lh={1} data-testid="recorder-timer" aria-live="off">
      {formatClock(ms)}
    </Text>
  );
}

export function IdlePanel({ rec, supported }: { rec: RecorderControls; supported: boolean }) {
  const micChecked = rec.state.kind === 'idle' && rec.state.micChecked;
  return (
    <Stack gap="md" align="flex-start">
      <Group gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconMicrophone size={26} aria-hidden="true" />
        </ThemeIcon>
        <Stack gap={0}>
          <Text fw={700}>Ready to record</Text>
          <Text size="sm" c="dimmed">
            Check your microphone first ({RECORDER.micCheckMs / 1000} s), then start. Recordings need at least{' '}
            {RECORDER.minRecordingMs / 1000} seconds.
          </Text>
        </Stack>
      </Group>
      {micChecked && (
        <Badge color="teal" variant="light">
          Microphone check complete
        </Badge>
      )}
      <Group gap="sm">
        <Button variant="default" leftSection={<IconMicrophone size={18} />} onClick={rec.checkMic} disabled={!supported}>
          Check microphone
        </Button>
        <Button color="red" leftSection={<IconPlayerRecord size={18} />} onClick={rec.start} disabled={!supported}>
          Start recording
        </Button>
      </Group>
    </Stack>
  );
}

export function MicCheckPanel({ rec }: { rec: RecorderControls }) {
  return (
    <Stack gap="md" align="flex-start">
      <Text fw={700}>Checking your microphone… speak as you will on the show.</Text>
      <LevelMeter level={rec.level} />
      <Text size="sm" c="dimmed" data-testid="mic-check-left">
        {secondsLeft(rec.state, rec.now)} s left
      </Text>
      <Button color="red" leftSection={<IconPlayerRecord size={18} />} onClick={rec.start}>
        Start recording
      </Button>
    </Stack>
  );
}

export function CountdownPanel({ rec }: { rec: RecorderControls }) {
  const resuming = rec.state.kind === 'resuming';
  return (
    <Stack gap="xs" align="center" py="md">
      <Text c="dimmed">{resuming ? 'Resuming in' : 'Recording starts in'}</Text>
      <Text fz={72} fw={800} lh={1} data-testid="recorder-countdown">
        {secondsLeft(rec.state, rec.now)}
      </Text>
      {resuming && (
        <Text size="sm" c="dimmed">
          Recorded so far {formatClock(elapsedMs(rec.state, rec.now))}
        </Text>
      )}
    </Stack>
  );
}

export function LivePanel({ rec }: { rec: RecorderControls }) {
  const recording = rec.state.kind === 'recording';
  return (
    <Stack gap="md" align="center" py="sm">
      <Badge
        size="lg"
        color={recording ? 'red' : 'yellow'}
        variant={recording ? 'filled' : 'light'}
        leftSection={recording ? <IconPlayerRecord size={12} /> : <IconPlayerPause size={12} />}
      >
        {recording ? 'Recording' : 'Paused'}
      </Badge>
      <Timer ms={elapsedMs(rec.state, rec.now)} />
      {elapsedMs(rec.state, rec.now) < RECORDER.minRecordingMs && (
        <Text size="sm" c="dimmed">
          Recordings need at least {RECORDER.minRecordingMs / 1000} seconds.
        </Text>
      )}
      <LevelMeter level={recording ? rec.level : 0} />
      <Group gap="sm" justify="center">
        {recording ? (
          <Button variant="default" leftSection={<IconPlayerPause size={18} />} onClick={rec.pause}>
            Pause
          </Button>
        ) : (
          <Button variant="default" leftSection={<IconPlayerPlay size={18} />} onClick={rec.resume}>
            Resume
          </Button>
        )}
        <Button color="dark" leftSection={<IconPlayerStop size={18} />} onClick={rec.stop}>
          Stop
        </Button>
      </Group>
    </Stack>
  );
}
