import { languageLiteracySubTopic } from './play-based-curriculum/language-literacy.ts';
import { numeracyStemSubTopic } from './play-based-curriculum/numeracy-stem.ts';
import { playSubTopic } from './play-based-curriculum/play.ts';
import type { CatalogueSubject } from './types.ts';

export const playBasedCurriculum: CatalogueSubject = {
  name: 'Play-Based Curriculum and Early Learning',
  description:
    'Play as the foundation of learning, influential curriculum approaches, and teaching language, literacy, numeracy and STEM through play.',
  subTopics: [playSubTopic, languageLiteracySubTopic, numeracyStemSubTopic],
};
