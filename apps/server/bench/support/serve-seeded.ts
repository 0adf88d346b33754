/**
 * The server of the API load benchmark, in its own process so that its CPU time can be read apart
 * from the load generator's: an embedded PostgreSQL, migrations, one creator with a show of
 * BENCH_EPISODES episodes (rows shaped like assembled, published ones: notes, tags, an EDL and a
 * recipe, a stored audio key), then the HTTP server. Prints one JSON line {port, token, showId} on
 * stdout and serves until SIGTERM.
 */
import v8 from 'node:v8';
import { registerBenchAccount } from './bench-account.ts';
import { startBenchInstance } from './bench-instance.ts';
import { EpisodeSchema } from '../../src/domain/episodes/episode.entity.ts';
import { PodcastSchema } from '../../src/domain/podcasts/podcast.entity.ts';

const EPISODES = Number(process.env.BENCH_EPISODES ?? 500);

// Logging as in production: every request at info, one JSON line each (read and dropped by the bench).
const instance = await startBenchInstance('api', { LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
const { base, orm } = instance;

const { email, token, userId } = await registerBenchAccount(base);

const em = orm.em.fork();
const show = em.create(PodcastSchema, {
  user: userId,
  name: 'Benchmark Show',
  description: 'A show with a long back catalogue.',
  category: 'Technology',
  ownerName: 'Bench Owner',
  ownerEmail: email,
  authorName: 'Bench',
  language: 'en',
});
const notes = '<p>' + 'In this episode we talk about gardens, tools and the people who keep them. '.repeat(12) + '</p>';
const edl = { segments: Array.from({ length: 40 }, (_, i) => ({ kind: 'content', start_s: i * 30, end_s: i * 30 + 29.5, gain_db: 0 })) };
for (let i = 0; i < EPISODES; i++) {
  const at = new Date(Date.UTC(2020, 0, 1) + i * 7 * 86_400_000);
  em.create(EpisodeSchema, {
    user: userId,
    podcast: show,
    title: `Episode ${i + 1}: the garden in week ${i + 1}`,
    description: notes,
    tags: ['gardening', 'tools', `week-${i + 1}`],
    status: 'published',
    visibility: 'public',
    publishAt: at,
    publishedAt: at,
    processedAt: at,
    episodeNumber: i + 1,
    finalAudioKey: `users/${userId}/episodes/bench-${i}/final.mp3`,
    finalAudioBytes: 28_800_000,
    durationMs: 1_800_000,
    edl: edl as unknown as never,
    createdAt: at,
  });
}
await em.flush();

console.log(JSON.stringify({ port: Number(new URL(base).port), token, showId: show.id }));

// SIGUSR2: one JSON line of where the memory is (V8's heap and its spaces, memory outside it).
process.on('SIGUSR2', () => {
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, Math.round(s.space_size / 2 ** 20)]));
  const mb = Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 2 ** 20)]));
  console.log(JSON.stringify({ memory: mb, spaces }));
});

process.once('SIGTERM', () => {
  void (async () => {
    await instance.close();
    process.exit(0);
  })();
});
