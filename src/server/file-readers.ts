import type { AnnouncementsService } from './features/announcements/announcements.service.ts';
import type { SeenQuestions } from './features/attempts/seen-questions.ts';
import type { ContentService } from './features/content/content.service.ts';
import type { FileReader } from './features/files/file-access.ts';
import type { QuestionsService } from './features/questions/questions.service.ts';
import type { ResourcesService } from './features/resources/resources.service.ts';
import { roleOf } from './features/users/users.service.ts';

/**
 * Everything that shows an uploaded file, each asked with its own feature's rule whether the reader may see
 * it (files/file-access.ts). Videos and lecture attachments are read most, so content is asked first.
 */
export function fileReaders(s: {
  content: Pick<ContentService, 'seesFile'>;
  resources: Pick<ResourcesService, 'seesFile'>;
  questions: Pick<QuestionsService, 'idsUsingFile'>;
  seenQuestions: SeenQuestions;
  announcements: Pick<AnnouncementsService, 'seesFile'>;
}): FileReader[] {
  return [
    s.content.seesFile,
    s.resources.seesFile,
    // The question bank is every staff member's; a student sees the questions of their own attempts.
    async (actor, fileId) => {
      const ids = await s.questions.idsUsingFile(fileId);
      if (!ids.length) return false;
      return roleOf(actor.user) !== 'student' || s.seenQuestions.sawAny(actor.user.id, ids);
    },
    s.announcements.seesFile,
  ];
}
