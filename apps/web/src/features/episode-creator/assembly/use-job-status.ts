import { useEffect, useRef, useState } from 'react';
import { ASSEMBLY, type TEpisodeJobStatus } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { pollSettled } from './assembly-result.ts';

export interface JobPoll {
  status: TEpisodeJobStatus | null;
  /** The last poll failed ('Failed to poll for job status.'); polling goes on. */
  pollFailed: boolean;
  settled: boolean;
}

/** GET /api/episodes/status/{jobId} (trpc assembly.status) every 5 s until processed or error. */
export function useJobStatus(jobId: string): JobPoll {
  const utils = trpc.useUtils();
  const client = useRef(utils.client);
  const [poll, setPoll] = useState<JobPoll & { jobId: string | null }>({ jobId: null, status: null, pollFailed: false, settled: false });

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let processedPolls = 0;
    async function tick() {
      try {
        const status = await client.current.assembly.status.query({ job_id: jobId });
        if (cancelled) return;
        const settled = pollSettled(status, processedPolls);
        if (status.status === 'processed') processedPolls += 1;
        setPoll({ jobId, status, pollFailed: false, settled });
        if (!settled) timer = setTimeout(() => void tick(), ASSEMBLY.statusPollMs);
      } catch {
        if (cancelled) return;
        setPoll((previous) =>
          previous.jobId === jobId ? { ...previous, pollFailed: true } : { jobId, status: null, pollFailed: true, settled: false },
        );
        timer = setTimeout(() => void tick(), ASSEMBLY.statusPollMs);
      }
    }
    void tick();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [jobId]);

  return poll.jobId === jobId ? poll : { status: null, pollFailed: false, settled: false };
}
