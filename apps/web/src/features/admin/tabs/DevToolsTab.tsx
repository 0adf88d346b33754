import { Alert, Anchor, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { DEV_TOOLS, DEV_TOOLS_MESSAGES, MESSAGES, type TDevToolsStatus } from '@ppp/contracts';
import { TitledCard } from '@ppp/ui';
import { trpc } from '../../../lib/trpc.ts';
import { messageOf, toApiFailure } from '../../../lib/api-error.ts';

/** Dev Tools (spec 002 sections 2.14 and 6): the demo show seed, and the database reset where the instance allows it. */
export function DevToolsTab() {
  const status = trpc.admin.devToolsStatus.useQuery();
  if (status.isError)
    return <Alert color="red">{toApiFailure(status.error).status === 403 ? DEV_TOOLS_MESSAGES.notAuthorized : MESSAGES.unexpected}</Alert>;
  if (!status.data) return <Loader aria-label="Loading dev tools" />;
  return (
    <Stack gap="lg" maw={760}>
      <SeedCard />
      <ResetCard status={status.data} />
    </Stack>
  );
}

function SeedCard() {
  const utils = trpc.useUtils();
  const seed = trpc.admin.seed.useMutation({ onSuccess: () => void utils.invalidate() });
  return (
    <TitledCard title="Demo show" size="h3">
      <Text size="sm">
        Makes “{DEV_TOOLS.demoShowName}” in your own account: an intro and an outro clip spoken by this instance’s default voice, a template
        that plays them around the recording, and a short spoken recording with its transcript, ready for the Episode Creator in a few
        seconds. Doing it again makes nothing new.
      </Text>
      <Group>
        <Button onClick={() => seed.mutate()} loading={seed.isPending}>
          Make the demo show
        </Button>
      </Group>
      {seed.isError && (
        <Alert color="red" title={DEV_TOOLS_MESSAGES.seedFailed} data-testid="seed-error">
          {messageOf(seed.error, MESSAGES.unexpected)}
        </Alert>
      )}
      {seed.data && (
        <Alert color="teal" data-testid="seed-result" title={seed.data.created ? 'Demo show ready' : 'The demo show was already there'}>
          <Stack gap={4}>
            <Text size="sm">
              {seed.data.created
                ? 'Its recording is being prepared; it shows as ready in New Episode within seconds.'
                : 'Nothing new was made; here it is.'}
            </Text>
            <Anchor component={Link} to={`/dashboard?podcast=${seed.data.podcast_id}`}>
              Open {DEV_TOOLS.demoShowName}
            </Anchor>
          </Stack>
        </Alert>
      )}
    </TitledCard>
  );
}

function ResetCard({ status }: { status: TDevToolsStatus }) {
  const utils = trpc.useUtils();
  const reset = trpc.admin.resetDatabase.useMutation({ onSuccess: () => void utils.invalidate() });
  return (
    <TitledCard
      title="Reset the database"
      size="h3"
      style={{ borderColor: status.reset_enabled ? 'var(--mantine-color-red-6)' : undefined }}
    >
      {!status.reset_enabled ? (
        <Text size="sm" c="dimmed" data-testid="reset-off">
          {DEV_TOOLS_MESSAGES.resetOff}
        </Text>
      ) : (
        <ResetForm
          instanceName={status.instance_name}
          pending={reset.isPending}
          onReset={(values, done) => reset.mutate(values, { onSuccess: done })}
        />
      )}
      {reset.isError && (
        <Alert color="red" title={DEV_TOOLS_MESSAGES.resetFailed} data-testid="reset-error">
          {messageOf(reset.error, MESSAGES.unexpected)}
        </Alert>
      )}
      {reset.data && (
        <Alert color="teal" data-testid="reset-result">
          {`${DEV_TOOLS_MESSAGES.resetDone} (${plural(reset.data.users_removed, 'other account')} removed, ${plural(reset.data.tables_cleared, 'table')} emptied.)`}
        </Alert>
      )}
    </TitledCard>
  );
}

type ResetFormProps = {
  instanceName: string;
  pending: boolean;
  onReset: (values: { confirm: string }, done: () => void) => void;
};

/** The reset asks for the instance's name typed out before it runs. */
function ResetForm({ instanceName, pending, onReset }: ResetFormProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { confirm: '' },
    validate: { confirm: (value) => (value.trim() === instanceName ? null : DEV_TOOLS_MESSAGES.confirmName(instanceName)) },
  });
  return (
    <form onSubmit={form.onSubmit((values) => onReset(values, () => form.reset()))}>
      <Stack gap="sm">
        <Alert color="red" variant="light" title="This cannot be undone">
          Every other account and everything anyone made here (shows, episodes, uploads, templates, payment records, mail, the waitlist,
          settings and the front page) is deleted. Your administrator account, your session and the built-in music stay.
        </Alert>
        <TextInput
          label={`Type ${instanceName} to confirm`}
          autoComplete="off"
          spellCheck={false}
          maw={360}
          {...form.getInputProps('confirm')}
        />
        <Group>
          <Button type="submit" color="red" loading={pending} disabled={form.values.confirm.trim() !== instanceName}>
            Reset the database
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
