import { Alert, Badge, Button, Group, Loader, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ADMIN_MESSAGES, MESSAGES, type TAdminSpeechStatus, type TSpeechModelStatus } from '@ppp/contracts';
import { DataTable } from '@ppp/ui';
import { trpc } from '../../../lib/trpc.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import { AdminFigure } from '../AdminFigure.tsx';
import { formatBytes, formatDuration, formatWhen } from '../admin-format.ts';
import { RetranscribeFallbackCard } from './RetranscribeFallbackCard.tsx';

const BUSY = new Set(['downloading', 'verifying']);
const STATE_COLOURS: Record<TSpeechModelStatus['state'], string> = {
  absent: 'gray',
  downloading: 'blue',
  verifying: 'blue',
  ready: 'teal',
  failed: 'red',
};

/** Speech & AI (issue 32): the transcription engine in use, the whisper.cpp models, their downloads, and a measured speed. */
export function SpeechTab() {
  const status = trpc.adminSpeech.status.useQuery(
    {},
    // While a model downloads or is checked, its progress is read every 2 s.
    { refetchInterval: (query) => (query.state.data?.models.some((m) => BUSY.has(m.state)) ? 2_000 : false) },
  );
  const actions = useSpeechActions();
  if (status.isError) return <Alert color="red">{ADMIN_MESSAGES.loadFailed}</Alert>;
  if (!status.data) return <Loader aria-label="Loading speech engines" />;
  const data = status.data;
  return (
    <Stack gap="lg">
      <EngineCard status={data} onMeasure={actions.measure} measuring={actions.measuring} />
      <Title order={2} size="h4">
        whisper.cpp models
      </Title>
      <Text size="sm" c="dimmed">
        Files in {data.models_dir}. Automatic download on start is {data.auto_download ? 'on' : 'off (WHISPER_AUTO_DOWNLOAD=false)'}.
        {data.override_path ? ` WHISPER_MODEL_PATH (${data.override_path}) is used instead of the catalogue.` : ''}
      </Text>
      <DataTable label="Speech models" minWidth={720} columns={['Model', 'Download', 'State', 'On disk', '']}>
        {data.models.map((m) => (
          <ModelRow key={m.name} model={m} onSwitch={() => actions.switchTo(m.name)} onDelete={() => actions.remove(m.name)} />
        ))}
      </DataTable>
      <RetranscribeFallbackCard />
    </Stack>
  );
}

function EngineCard({ status, onMeasure, measuring }: { status: TAdminSpeechStatus; onMeasure: () => void; measuring: boolean }) {
  const { engine, measurement } = status;
  const label = engine.name
    ? `${engine.name}${engine.model ? ` (${engine.model})` : ''}${engine.fallback ? ' · offline fallback' : ''}`
    : 'none';
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <AdminFigure label="Transcription engine in use" value={label} testId="speech-engine" />
        <AdminFigure
          label="Realtime factor on this machine"
          value={
            measurement
              ? `${measurement.realtime_factor.toFixed(2)}× (${measurement.engine}${measurement.model ? ` ${measurement.model}` : ''})`
              : 'not measured'
          }
          testId="speech-rtf"
        />
      </SimpleGrid>
      {engine.reason && (
        <Alert color={engine.fallback || !engine.name ? 'yellow' : 'blue'} data-testid="speech-engine-reason">
          {engine.fallback ? 'pocketsphinx (offline fallback): ' : ''}
          {engine.reason}
        </Alert>
      )}
      <Group gap="sm">
        <Button variant="default" size="xs" loading={measuring} onClick={onMeasure}>
          Measure realtime factor
        </Button>
        <Text size="xs" c="dimmed">
          {measurement
            ? `${measurement.processing_seconds.toFixed(1)} s for ${measurement.audio_seconds.toFixed(1)} s of speech, ${formatWhen(new Date(measurement.measured_at))}. Below 1 is faster than real time.`
            : 'Transcribes a few seconds of speech with the engine in use.'}
        </Text>
      </Group>
    </Stack>
  );
}

function ModelRow({ model: m, onSwitch, onDelete }: { model: TSpeechModelStatus; onSwitch: () => void; onDelete: () => void }) {
  return (
    <Table.Tr data-testid={`speech-model-${m.name}`}>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {m.name}
          </Text>
          {m.active && <Badge size="xs">active</Badge>}
        </Group>
        <Text size="xs" c="dimmed">
          {formatBytes(m.size_bytes)} · {m.multilingual ? 'multilingual' : 'English'}
          {m.quantised ? ' · quantised' : ''}
        </Text>
      </Table.Td>
      <Table.Td miw={200}>
        <DownloadCell model={m} />
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATE_COLOURS[m.state]}>
          {m.state}
        </Badge>
      </Table.Td>
      <Table.Td>{m.on_disk_bytes === null ? '—' : formatBytes(m.on_disk_bytes)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          {!m.active && (
            <Button size="xs" variant="light" disabled={BUSY.has(m.state)} onClick={onSwitch}>
              {m.state === 'ready' ? 'Use' : 'Download and use'}
            </Button>
          )}
          {!m.active && m.on_disk_bytes !== null && (
            <Button size="xs" color="red" variant="subtle" disabled={BUSY.has(m.state)} onClick={onDelete} aria-label={`Delete ${m.name}`}>
              Delete
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Progress with bytes, rate and time left while downloading; otherwise the last error, if any. */
function DownloadCell({ model: m }: { model: TSpeechModelStatus }) {
  if (m.state !== 'downloading') {
    return (
      <Text size="xs" c={m.error ? 'red' : 'dimmed'}>
        {m.error ?? '—'}
      </Text>
    );
  }
  const percent = m.bytes_total ? Math.min(100, (100 * m.bytes_done) / m.bytes_total) : 0;
  return (
    <Stack gap={4}>
      <Progress value={percent} size="sm" aria-label={`${m.name} download`} />
      <Text size="xs" c="dimmed">
        {formatBytes(m.bytes_done)} of {formatBytes(m.bytes_total)}
        {m.rate_bytes_per_second ? ` · ${formatBytes(m.rate_bytes_per_second)}/s` : ''}
        {m.eta_seconds !== null ? ` · ${formatDuration(m.eta_seconds)} left` : ''}
      </Text>
    </Stack>
  );
}

/** Switch, delete and measure: each puts the answer in the status and says so when it fails. */
function useSpeechActions() {
  const utils = trpc.useUtils();
  const done = { onSuccess: (data: TAdminSpeechStatus) => utils.adminSpeech.status.setData({}, data), onError: failed };
  const switchModel = trpc.adminSpeech.switchModel.useMutation(done);
  const deleteModel = trpc.adminSpeech.deleteModel.useMutation(done);
  const measure = trpc.adminSpeech.measure.useMutation(done);
  return {
    switchTo: (name: string) => switchModel.mutate({ name }),
    remove: (name: string) => deleteModel.mutate({ name }),
    measure: () => measure.mutate({}),
    measuring: measure.isPending,
  };
}

function failed(err: unknown) {
  notifications.show({ color: 'red', title: ADMIN_MESSAGES.saveFailed, message: toApiFailure(err).message ?? MESSAGES.unexpected });
}
