import { useCallback, useEffect, useState } from 'react';
import { useAuthToken } from '../../lib/use-session.ts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { startTusUpload } from '../../lib/tus-upload.ts';
import { AB_WORKSPACE, type TAbDraft } from '@ppp/contracts';
import { readAbState, saveAbState, sizeText, type AbState, type AbUploadRecord } from './ab-storage.ts';

/** A file just picked: uploading, at 1%, with its size and the draft's lifetime. */
function newUploadRecord(id: string, file: File, nickname: string, showId: string | null): AbUploadRecord {
  return {
    id,
    fileName: file.name,
    serverFilename: null,
    size: sizeText(file.size),
    status: 'uploading',
    progress: 1,
    nickname: nickname.trim(),
    showId,
    ttlDays: AB_WORKSPACE.ttlDays,
    durationSec: null,
  };
}

/**
 * The upload page's records (spec 002 §3 'Local upload record'): each file goes over tus to /files/
 * as a main-content upload, then becomes a draft through /ab/upload's twin. Kept under ab_state_*.
 */
export function useAbUploads(onDraft: (draft: TAbDraft) => void) {
  const token = useAuthToken();
  const utils = trpc.useUtils();
  const register = trpc.abWorkspace.upload.useMutation();
  const [state, setState] = useState<AbState>(() => readAbState(token));

  useEffect(() => saveAbState(token, state), [token, state]);

  const update = useCallback((id: string, patch: Partial<AbUploadRecord>) => {
    setState((s) => ({ ...s, uploads: s.uploads.map((u) => (u.id === id ? { ...u, ...patch } : u)) }));
  }, []);

  const start = useCallback(
    (file: File, nickname: string, showId: string | null) => {
      const id = crypto.randomUUID();
      const record = newUploadRecord(id, file, nickname, showId);
      setState((s) => ({ ...s, uploads: [record, ...s.uploads] }));
      const friendly = nickname.trim() || file.name.replace(/\.[^.]+$/, '');
      startTusUpload(
        file,
        { filename: file.name, category: 'main_content', friendly_name: friendly },
        {
          onProgress: (percent) => update(id, { progress: percent }),
          onSuccess: (item) => {
            update(id, { status: 'queued', serverFilename: item.filename, progress: 100 });
            register
              .mutateAsync({ media_id: item.id, podcast_id: showId, nickname: nickname.trim() || null })
              .then((draft) => {
                update(id, { status: 'done' });
                setState((s) => ({ ...s, draftId: draft.id }));
                void utils.abWorkspace.drafts.invalidate();
                onDraft(draft);
              })
              .catch((error: unknown) => update(id, { status: 'error', error: messageOf(error, 'Upload failed') }));
          },
          onError: (message) => update(id, { status: 'error', error: message }),
        },
      );
    },
    [register, update, utils, onDraft],
  );

  const forget = useCallback((serverFilename: string) => {
    setState((s) => ({ ...s, uploads: s.uploads.filter((u) => u.serverFilename !== serverFilename) }));
  }, []);

  const choose = useCallback((draftId: string | null) => setState((s) => ({ ...s, draftId })), []);

  return { uploads: state.uploads, draftId: state.draftId, start, forget, choose };
}
