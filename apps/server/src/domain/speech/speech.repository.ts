import type { Owner } from '../users/user.entity.ts';
import { MediaItemSchema } from '../media/media-item.entity.ts';
import { UserApiKeySchema, type UserApiKey } from './user-api-key.entity.ts';
import { Repository } from '../../db/repository.ts';

const ELEVENLABS = 'elevenlabs';

/** The speech area's rows: the user's own ElevenLabs key (sealed) and what capabilities count, always scoped to one user. */
export class SpeechRepository extends Repository {
  async elevenLabsKey(user: Owner): Promise<UserApiKey | null> {
    return this.em.findOne(UserApiKeySchema, { user: user.id, provider: ELEVENLABS });
  }

  /** Stores the sealed key (replacing the user's previous one), or removes it when `sealed` is null. */
  async saveElevenLabsKey(user: Owner, key: { sealed: string; last4: string } | null): Promise<void> {
    const existing = await this.elevenLabsKey(user);
    if (!key) {
      if (existing) await this.em.remove(existing).flush();
      return;
    }
    if (existing) Object.assign(existing, key);
    else this.em.create(UserApiKeySchema, { user: user.id, provider: ELEVENLABS, ...key });
    await this.em.flush();
  }

  /** Whether any of the user's sound effects has a trigger keyword. */
  async hasSfxTriggers(user: Owner): Promise<boolean> {
    return (await this.em.count(MediaItemSchema, { user: user.id, category: 'sfx', triggerKeyword: { $ne: null } })) > 0;
  }
}
