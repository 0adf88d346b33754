import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { TMe } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { preuploadProblem, problemAfterEdit, type PreuploadValues } from './preupload-form.ts';
import { usePreparedUpload } from '../audio-conversion/use-prepared-upload.ts';
import { startPreupload } from './start-preupload.ts';

/** The upload form's values, the audio being prepared in the browser, the problem shown, and the submit. */
export function usePreuploadForm(me: TMe) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const config = trpc.public.config.useQuery();
  const [values, setValues] = useState<PreuploadValues>({
    file: null,
    friendlyName: '',
    notifyWhenReady: true,
    notifyEmail: me.email,
    transcript: null,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const preparation = usePreparedUpload();
  const maxMb = config.data?.max_upload_mb ?? 500;
  const update = (patch: Partial<PreuploadValues>) => setValues((v) => ({ ...v, ...patch }));
  const chooseFile = (file: File | null) => {
    preparation.choose(file);
    setValues((v) => ({ ...v, file, friendlyName: v.friendlyName || (file?.name.replace(/\.[^.]+$/, '') ?? '') }));
  };

  /** Submit while the audio is being prepared: the upload starts once it is ready (spec 001 §4). */
  async function submit(e: FormEvent) {
    e.preventDefault();
    const early = preuploadProblem(values, Number.POSITIVE_INFINITY);
    setProblem(early);
    if (early || !values.file) return;
    setWaiting(true);
    const prepared = await preparation.ready().finally(() => setWaiting(false));
    if (!prepared) return;
    // The limit applies to what is sent: a one-hour WAV over it goes up as its much smaller MP3.
    const found = preuploadProblem({ ...values, file: prepared.file }, maxMb);
    setProblem(found);
    if (found) return;
    startPreupload(prepared.file, values, utils);
    void navigate('/dashboard');
  }

  // A 'choose a file' or 'enter a friendly name' alert goes as soon as the field is filled in.
  return {
    values,
    update,
    chooseFile,
    maxMb,
    conversion: preparation.state,
    shownProblem: problemAfterEdit(problem, values),
    waiting,
    submit,
  };
}
