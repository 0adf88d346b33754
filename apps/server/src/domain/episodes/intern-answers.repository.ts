import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { InternAnswerSchema, type InternAnswer } from './intern-answer.entity.ts';
import { Repository } from '../../db/repository.ts';

/** What an answer holds besides whose command it answers. */
export type InternAnswerFields = Pick<
  InternAnswer,
  | 'internIndex'
  | 'startS'
  | 'endS'
  | 'promptText'
  | 'responseText'
  | 'overrideText'
  | 'quoted'
  | 'voiceId'
  | 'answerMedia'
  | 'regenerateCount'
>;

/** Which command of which upload an answer answers, and whose it is. */
export interface InternAnswerKey {
  userId: string;
  uploadId: string;
  commandId: string;
}

/** The latest Intern answer of each spoken command (intern_answers), one row per upload and command. */
export class InternAnswersRepository extends Repository {
  /** The command's stored answer, read afresh from the table (another call may have just written it). */
  latest(uploadId: string, commandId: string): Promise<InternAnswer | null> {
    return this.em.findOne(InternAnswerSchema, { upload: uploadId, commandId }, { refresh: true });
  }

  /**
   * Stores the answer: `stored` changed, or a new row. When another call stored this command's answer
   * first (the unique key of upload and command), that one is the answer and is returned instead.
   */
  async save(stored: InternAnswer | null, key: InternAnswerKey, fields: InternAnswerFields): Promise<InternAnswer> {
    const row = stored
      ? Object.assign(stored, fields)
      : this.em.create(InternAnswerSchema, { user: key.userId, upload: key.uploadId, commandId: key.commandId, ...fields });
    try {
      await this.em.flush();
      return row;
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      this.em.clear();
      return this.em.findOneOrFail(InternAnswerSchema, { upload: key.uploadId, commandId: key.commandId }, { populate: ['answerMedia'] });
    }
  }
}
