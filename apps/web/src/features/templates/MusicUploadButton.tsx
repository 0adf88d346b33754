import { useState } from 'react';
import { Button, FileButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { MEDIA_MESSAGES, TEMPLATE_MESSAGES, type TMediaItem } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { startTusUpload } from '../../lib/tus-upload.ts';
import { libraryFileProblem, nameFromFile } from '../media-library/library-checks.ts';

/**
 * Upload music from inside the Template Editor (spec 000 section 8, 'Music uploaded'): the file goes
 * to the media library's music category over tus and, once stored, is the rule's music file.
 */
export function MusicUploadButton({ label, onUploaded }: { label: string; onUploaded: (item: TMediaItem) => void }) {
  const utils = trpc.useUtils();
  const [percent, setPercent] = useState<number | null>(null);

  function upload(file: File | null) {
    if (!file) return;
    const problem = libraryFileProblem(file, 'music');
    if (problem) return notifications.show({ color: 'red', title: problem.title, message: problem.message });
    setPercent(0);
    startTusUpload(
      file,
      { filename: file.name, category: 'music', friendly_name: nameFromFile(file.name) },
      {
        onProgress: (sent) => setPercent(Math.round(sent)),
        onSuccess: (item) => {
          setPercent(null);
          void utils.media.library.invalidate().then(() => onUploaded(item));
          notifications.show({ color: 'green', title: TEMPLATE_MESSAGES.musicUploaded, message: item.friendly_name || item.filename });
        },
        onError: (message) => {
          setPercent(null);
          notifications.show({ color: 'red', title: MEDIA_MESSAGES.uploadFailed, message });
        },
      },
    );
  }

  return (
    <FileButton onChange={upload} accept="audio/*">
      {(props) => (
        <Button {...props} variant="default" leftSection={<IconUpload size={14} />} loading={percent !== null} aria-label={label}>
          Upload music
        </Button>
      )}
    </FileButton>
  );
}
