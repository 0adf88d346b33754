import { useState } from 'react';
import { Button, FileInput, Select, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { MEDIA_MESSAGES, type TLibraryCategory } from '@ppp/contracts';
import { TitledCard, UploadProgress } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { startTusUpload } from '../../lib/tus-upload.ts';
import { libraryFileProblem, nameFromFile, SECTIONS } from './library-checks.ts';

interface Sending {
  name: string;
  percent: number;
  status?: string;
}

/** Sends a batch of library files over tus, each with its own progress; the library is read again once all settled. */
function useMediaBatchUpload(onError: (message: string) => void) {
  const utils = trpc.useUtils();
  const [sending, setSending] = useState<Sending[]>([]);

  function send(batch: { file: File; name: string }[], category: TLibraryCategory) {
    setSending(batch.map(({ name }) => ({ name, percent: 0 })));
    let remaining = batch.length;
    const patch = (i: number, next: Partial<Sending>) => setSending((all) => all.map((s, j) => (j === i ? { ...s, ...next } : s)));
    const settle = () => {
      remaining -= 1;
      if (remaining === 0) void utils.media.library.invalidate();
    };
    batch.forEach(({ file, name }, i) => {
      startTusUpload(
        file,
        { filename: file.name, category, friendly_name: name },
        {
          onProgress: (percent) => patch(i, { percent }),
          onSuccess: () => {
            patch(i, { percent: 100, status: 'Uploaded' });
            settle();
          },
          onError: (message) => {
            patch(i, { status: MEDIA_MESSAGES.uploadFailed });
            onError(message);
            settle();
          },
        },
      );
    });
  }

  return { sending, send };
}

/** 'Upload New Media': a category, several files, a friendly name each; each file goes over tus with its own bar. */
export function UploadNewMedia() {
  const [category, setCategory] = useState<TLibraryCategory>('music');
  const [files, setFiles] = useState<File[]>([]);
  const [names, setNames] = useState<string[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const batch = useMediaBatchUpload((message) => setErrors((all) => [...all, message]));

  function choose(chosen: File[]) {
    setFiles(chosen);
    setNames(chosen.map((f) => nameFromFile(f.name)));
    setErrors([]);
  }

  function upload() {
    const problems = files.map((f) => libraryFileProblem(f, category)).filter((p) => p !== null);
    if (problems.length > 0) {
      setErrors(problems.map((p) => `${p.title}: ${p.message}`));
      return;
    }
    setErrors([]);
    batch.send(
      files.map((file, i) => ({ file, name: names[i]?.trim() || nameFromFile(file.name) })),
      category,
    );
    setFiles([]);
    setNames([]);
  }

  return (
    <TitledCard title="Upload New Media" size="h3" gap="md">
      <MediaFilesFields category={category} onCategory={setCategory} files={files} onFiles={choose} names={names} onNames={setNames} />
      {errors.map((error) => (
        <Text key={error} c="red" size="sm" role="alert">
          {error}
        </Text>
      ))}
      {batch.sending.map((s, i) => (
        <UploadProgress key={`${s.name}-${i}`} label={s.name} percent={s.percent} status={s.status} />
      ))}
      <Button leftSection={<IconUpload size={18} />} onClick={upload} disabled={files.length === 0} style={{ alignSelf: 'flex-start' }}>
        Upload
      </Button>
    </TitledCard>
  );
}

interface FieldsProps {
  category: TLibraryCategory;
  onCategory: (category: TLibraryCategory) => void;
  files: File[];
  onFiles: (files: File[]) => void;
  names: string[];
  onNames: (update: (names: string[]) => string[]) => void;
}

/** The category, the files, and a friendly name for each file. */
function MediaFilesFields({ category, onCategory, files, onFiles, names, onNames }: FieldsProps) {
  return (
    <>
      <Select
        label="Category"
        allowDeselect={false}
        value={category}
        onChange={(value) => value && onCategory(value as TLibraryCategory)}
        data={SECTIONS.map((s) => ({
          value: s.category,
          label: s.disabled ? `${s.title} (${MEDIA_MESSAGES.comingSoon})` : s.title,
          disabled: s.disabled,
        }))}
      />
      <FileInput
        label="Audio files"
        placeholder="Choose one or more audio files"
        multiple
        accept="audio/*"
        value={files}
        onChange={onFiles}
        clearable
      />
      {files.map((file, i) => (
        <TextInput
          key={`${file.name}-${i}`}
          label={`Friendly name for ${file.name}`}
          value={names[i] ?? ''}
          onChange={(e) => {
            const value = e.currentTarget.value;
            onNames((all) => all.map((n, j) => (j === i ? value : n)));
          }}
        />
      ))}
    </>
  );
}
