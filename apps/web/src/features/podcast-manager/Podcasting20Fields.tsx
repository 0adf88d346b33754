import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import {
  PODCAST_MEDIUMS,
  PODCASTING20_LIMITS,
  type TEpisodePodcasting20,
  type TPodcastPerson,
  type TPodcastSoundbite,
  type TShowPodcasting20,
} from '@ppp/contracts';

/**
 * The compact "Podcasting 2.0" sections of the show and episode forms (issue 36): the podcast
 * namespace's person, funding, location, license, txt and medium of a show; guests, soundbites
 * (moments marked in the episode), location, license, season name and txt of an episode. Values are
 * the contracts' shapes; the server checks them with the same schemas.
 */

const ROLES = ['host', 'guest', 'co-host', 'producer', 'editor', 'composer', 'cover art designer'].map((value) => ({
  value,
  label: value,
}));

/** A list of rows with Add and a remove button per row, each row a few inputs in a grid. */
function RowList<T>({
  label,
  rows,
  max,
  empty,
  onChange,
  children,
}: {
  label: string;
  rows: T[];
  max: number;
  empty: T;
  onChange: (rows: T[]) => void;
  children: (row: T, set: (row: T) => void) => ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {rows.map((row, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" style={{ flex: 1 }}>
            {children(row, (next) => onChange(rows.map((r, i) => (i === index ? next : r))))}
          </SimpleGrid>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
      {rows.length < max && (
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => onChange([...rows, empty])}
        >
          Add
        </Button>
      )}
    </Stack>
  );
}

/** The section's title, its fields, and the first problem the contract found in them. */
function Section({ error, children }: { error?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Text fw={600}>Podcasting 2.0</Text>
      {children}
      {error && (
        <Text c="red" size="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}

const orNull = (value: string): string | null => (value.trim() ? value : null);

function PersonsField({ label, value, onChange }: { label: string; value: TPodcastPerson[]; onChange: (next: TPodcastPerson[]) => void }) {
  const empty: TPodcastPerson = { name: '', role: label === 'Guests' ? 'guest' : 'host', group: 'cast', img: null, href: null };
  return (
    <RowList label={label} rows={value} max={PODCASTING20_LIMITS.maxPersons} empty={empty} onChange={onChange}>
      {(person, set) => (
        <>
          <TextInput
            aria-label="Name"
            placeholder="Name"
            value={person.name}
            onChange={(e) => set({ ...person, name: e.currentTarget.value })}
          />
          <Select
            aria-label="Role"
            data={ROLES}
            value={person.role}
            allowDeselect={false}
            onChange={(role) => set({ ...person, role: role ?? 'host' })}
          />
          <TextInput
            aria-label="Link"
            placeholder="https:// (their page)"
            value={person.href ?? ''}
            onChange={(e) => set({ ...person, href: orNull(e.currentTarget.value) })}
          />
        </>
      )}
    </RowList>
  );
}

type Shared = Pick<TShowPodcasting20, 'location' | 'license' | 'txt'>;

/** Location, license and a note (podcast:txt): what both levels carry beside persons. */
function SharedFields<T extends Shared>({ value, onChange }: { value: T; onChange: (next: T) => void }) {
  const location = value.location ?? { name: '', geo: null, osm: null };
  const setLocation = (next: typeof location) => onChange({ ...value, location: next.name.trim() || next.geo || next.osm ? next : null });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Location"
        description="The place it is about."
        value={location.name}
        onChange={(e) => setLocation({ ...location, name: e.currentTarget.value })}
      />
      <TextInput
        label="Location (geo)"
        placeholder="geo:48.8583,2.2945"
        value={location.geo ?? ''}
        onChange={(e) => setLocation({ ...location, geo: orNull(e.currentTarget.value) })}
      />
      <TextInput
        label="License"
        description="An SPDX identifier (CC-BY-4.0), or your own with its URL."
        value={value.license?.identifier ?? ''}
        onChange={(e) => {
          const identifier = e.currentTarget.value;
          onChange({ ...value, license: identifier.trim() ? { identifier, url: value.license?.url ?? null } : null });
        }}
      />
      <TextInput
        label="License URL"
        value={value.license?.url ?? ''}
        disabled={!value.license}
        onChange={(e) => value.license && onChange({ ...value, license: { ...value.license, url: orNull(e.currentTarget.value) } })}
      />
      <NoteFields value={value} onChange={onChange} />
    </SimpleGrid>
  );
}

/** The first podcast:txt and its purpose (a verification code a directory asks for); more are kept as imported. */
function NoteFields<T extends Pick<Shared, 'txt'>>({ value, onChange }: { value: T; onChange: (next: T) => void }) {
  const note = value.txt[0];
  return (
    <>
      <Textarea
        label="Note to apps (podcast:txt)"
        description="A verification code or any text a service asks you to put in the feed."
        autosize
        minRows={1}
        value={note?.text ?? ''}
        onChange={(e) => {
          const text = e.currentTarget.value;
          onChange({ ...value, txt: text.trim() ? [{ text, purpose: note?.purpose ?? null }, ...value.txt.slice(1)] : value.txt.slice(1) });
        }}
      />
      <TextInput
        label="Note purpose"
        placeholder="verify"
        value={note?.purpose ?? ''}
        disabled={!note}
        onChange={(e) => note && onChange({ ...value, txt: [{ ...note, purpose: orNull(e.currentTarget.value) }, ...value.txt.slice(1)] })}
      />
    </>
  );
}

function FundingField({
  value,
  onChange,
}: {
  value: TShowPodcasting20['funding'];
  onChange: (next: TShowPodcasting20['funding']) => void;
}) {
  return (
    <RowList label="Funding" rows={value} max={PODCASTING20_LIMITS.maxFunding} empty={{ url: '', text: '' }} onChange={onChange}>
      {(fund, set) => (
        <>
          <TextInput
            aria-label="Funding URL"
            placeholder="https://"
            value={fund.url}
            onChange={(e) => set({ ...fund, url: e.currentTarget.value })}
          />
          <TextInput
            aria-label="Funding text"
            placeholder="Support the show"
            value={fund.text}
            onChange={(e) => set({ ...fund, text: e.currentTarget.value })}
          />
        </>
      )}
    </RowList>
  );
}

export function ShowPodcasting20Fields({
  value,
  onChange,
  error,
}: {
  value: TShowPodcasting20;
  onChange: (next: TShowPodcasting20) => void;
  error?: ReactNode;
}) {
  return (
    <Section error={error}>
      <Select
        label="Medium"
        description="What the feed is: most shows are a podcast."
        data={PODCAST_MEDIUMS.map((m) => ({ value: m, label: m }))}
        value={value.medium}
        allowDeselect={false}
        onChange={(medium) => onChange({ ...value, medium: PODCAST_MEDIUMS.find((m) => m === medium) ?? value.medium })}
      />
      <PersonsField label="Hosts" value={value.persons} onChange={(persons) => onChange({ ...value, persons })} />
      <FundingField value={value.funding} onChange={(funding) => onChange({ ...value, funding })} />
      <SharedFields value={value} onChange={onChange} />
    </Section>
  );
}

function SoundbitesField({ value, onChange }: { value: TPodcastSoundbite[]; onChange: (next: TPodcastSoundbite[]) => void }) {
  return (
    <RowList
      label="Soundbites (moments to share: start, length in seconds, title)"
      rows={value}
      max={PODCASTING20_LIMITS.maxSoundbites}
      empty={{ start_s: 0, duration_s: 30, title: '' }}
      onChange={onChange}
    >
      {(bite, set) => (
        <>
          <NumberInput
            aria-label="Start (seconds)"
            min={0}
            decimalScale={1}
            value={bite.start_s}
            onChange={(v) => set({ ...bite, start_s: Number(v) || 0 })}
          />
          <NumberInput
            aria-label="Length (seconds)"
            min={1}
            max={PODCASTING20_LIMITS.soundbiteMaxSeconds}
            decimalScale={1}
            value={bite.duration_s}
            onChange={(v) => set({ ...bite, duration_s: Number(v) || 0 })}
          />
          <TextInput
            aria-label="Soundbite title"
            placeholder="Title"
            value={bite.title}
            onChange={(e) => set({ ...bite, title: e.currentTarget.value })}
          />
        </>
      )}
    </RowList>
  );
}

export function EpisodePodcasting20Fields({
  value,
  onChange,
  error,
}: {
  value: TEpisodePodcasting20;
  onChange: (next: TEpisodePodcasting20) => void;
  error?: ReactNode;
}) {
  return (
    <Section error={error}>
      <PersonsField label="Guests" value={value.persons} onChange={(persons) => onChange({ ...value, persons })} />
      <SoundbitesField value={value.soundbites} onChange={(soundbites) => onChange({ ...value, soundbites })} />
      <TextInput
        label="Season name"
        description="Shown beside the season number by apps that read podcast:season."
        value={value.season_name ?? ''}
        onChange={(e) => onChange({ ...value, season_name: orNull(e.currentTarget.value) })}
      />
      <SharedFields value={value} onChange={onChange} />
    </Section>
  );
}
