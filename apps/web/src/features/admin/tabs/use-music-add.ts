import { useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { ADMIN_MESSAGES, MESSAGES, MUSIC, MUSIC_ADMIN_MESSAGES, ZMusicSourceUrl } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { MusicUploadError, uploadMusicAsset } from '../music-upload.ts';
import { nameFromUrl } from '../music-url.ts';

function withoutExtension(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, '');
}

/** What the Add music card holds: a file or an address, the display name and the moods. */
function useMusicAddFields() {
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [moods, setMoods] = useState<string[]>([]);
  function chooseFile(next: File | null) {
    setFile(next);
    if (next && !name) setName(withoutExtension(next.name).slice(0, MUSIC.maxDisplayNameLength));
  }
  function clear() {
    setFile(null);
    setUrl('');
    setName('');
    setMoods([]);
  }
  return { file, url, name, moods, chooseFile, setUrl, setName, setMoods, clear };
}

export type MusicAddFieldsState = ReturnType<typeof useMusicAddFields>;
type Outcome = { added: (label: string) => void; setProblem: (problem: string | null) => void };

/** Uploads the chosen file with progress; Cancel aborts it. */
function useMusicFileUpload(fields: MusicAddFieldsState, { added, setProblem }: Outcome) {
  const [progress, setProgress] = useState<number | null>(null);
  const cancel = useRef<AbortController | null>(null);

  async function upload() {
    const { file } = fields;
    if (!file) return setProblem(MUSIC_ADMIN_MESSAGES.actionRequired);
    setProblem(null);
    const controller = new AbortController();
    cancel.current = controller;
    setProgress(0);
    try {
      const displayName = fields.name.trim() || withoutExtension(file.name);
      await uploadMusicAsset({ file, displayName, moodTags: fields.moods }, setProgress, controller.signal);
      added(displayName);
    } catch (err) {
      const kind = err instanceof MusicUploadError ? err.kind : 'refused';
      const message = err instanceof Error ? err.message : ADMIN_MESSAGES.uploadFailed;
      if (kind === 'cancelled') notifications.show({ color: 'gray', title: ADMIN_MESSAGES.uploadCancelled, message: file.name });
      else notifications.show({ color: 'red', title: ADMIN_MESSAGES.uploadFailed, message });
      if (kind !== 'cancelled') setProblem(message);
    } finally {
      cancel.current = null;
      setProgress(null);
    }
  }

  return { progress, upload, cancelUpload: () => cancel.current?.abort() };
}

/** Imports the typed address: the server fetches it and checks it like an upload. */
function useMusicUrlImport(fields: MusicAddFieldsState, { added, setProblem }: Outcome) {
  const importUrl = trpc.admin.importMusicAsset.useMutation();

  function importFromUrl() {
    if (!fields.url.trim()) return setProblem(MUSIC_ADMIN_MESSAGES.actionRequired);
    const source = ZMusicSourceUrl.safeParse(fields.url);
    if (!source.success) return setProblem(MUSIC_ADMIN_MESSAGES.enterValidUrl);
    setProblem(null);
    const displayName = fields.name.trim() || nameFromUrl(source.data);
    importUrl.mutate(
      { display_name: displayName, source_url: source.data, mood_tags: fields.moods },
      {
        onSuccess: () => added(displayName),
        onError: (err) => {
          const message = messageOf(err, MESSAGES.unexpected);
          notifications.show({ color: 'red', title: ADMIN_MESSAGES.importFailed, message });
          setProblem(message);
        },
      },
    );
  }

  return { importFromUrl, importing: importUrl.isPending };
}

/** The Add music card's fields and its two ways in: upload a file (progress, cancel) or import a URL. */
export function useMusicAdd() {
  const utils = trpc.useUtils();
  const fields = useMusicAddFields();
  const [problem, setProblem] = useState<string | null>(null);
  function added(label: string) {
    notifications.show({ color: 'teal', title: 'Added', message: `${label} is in the shared library.` });
    fields.clear();
    void utils.admin.musicAssets.invalidate();
  }
  const upload = useMusicFileUpload(fields, { added, setProblem });
  const urlImport = useMusicUrlImport(fields, { added, setProblem });
  return { fields, problem, ...upload, ...urlImport };
}
