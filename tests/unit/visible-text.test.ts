import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { schoolBodySchema, locationBodySchema } from '../../src/shared/contracts/admin-schools.ts';
import { userBodySchema } from '../../src/shared/contracts/admin-users.ts';
import { announcementBodySchema } from '../../src/shared/contracts/announcements.ts';
import { assessmentBodySchema } from '../../src/shared/contracts/assessments.ts';
import { updateAccountBodySchema } from '../../src/shared/contracts/auth.ts';
import { contentBodySchema } from '../../src/shared/contracts/content.ts';
import {
  microTopicBodySchema,
  subjectBodySchema,
  subTopicBodySchema,
} from '../../src/shared/contracts/knowledge-graph.ts';
import { liveMessageBodySchema } from '../../src/shared/contracts/live.ts';
import { questionBodySchema } from '../../src/shared/contracts/questions.ts';
import { createResourceBodySchema, folderBodySchema } from '../../src/shared/contracts/resources.ts';
import { createTicketBodySchema } from '../../src/shared/contracts/support.ts';
import { hasVisibleText, visibleText } from '../../src/shared/contracts/visible-text.ts';

/** Issue 22: `\u202e\u200f` (right-to-left override, right-to-left mark) was stored and showed as a blank name. */
const BLANKS = [
  '\u202e\u200f',
  ' \u200b\u200c\u200d\u2060 ',
  '\ufeff\u00ad',
  '\u3164\u3164',
  '\u2800\u2800\u2800',
];

describe('visibleText', () => {
  it.each(BLANKS)('finds nothing to show in %j', (text) => {
    expect(hasVisibleText(text)).toBe(false);
  });
  it.each(['Ab', 'Ma\u200bria', '\u202eevil', 'اسم', '日本', '🙂'])(
    'finds something to show in %j',
    (text) => {
      expect(hasVisibleText(text)).toBe(true);
    },
  );

  it('refuses a blank-looking or short value with the field’s message, once', () => {
    const name = visibleText('The name must be at least 2 characters.', 2).max(50);
    for (const blank of ['', '\u202e\u200f', 'A']) {
      const res = name.safeParse(blank);
      expect(res.error?.issues.map((i) => i.message)).toEqual(['The name must be at least 2 characters.']);
    }
    expect(name.safeParse(' Little Acorns ').data).toBe('Little Acorns');
  });
});

/** Every contract's names and titles: the field's schema refuses an invisible value. */
const shapeOf = (schema: z.ZodType) => (schema as unknown as { shape: Record<string, z.ZodType> }).shape;
const FIELDS: Array<[string, z.ZodType]> = [
  ['user full_name (staff)', shapeOf(userBodySchema).full_name!],
  ['account full_name', shapeOf(updateAccountBodySchema).full_name!],
  ['school name', shapeOf(schoolBodySchema).name!],
  ['location name', shapeOf(locationBodySchema).name!],
  ['subject name', shapeOf(subjectBodySchema).name!],
  ['sub topic name', shapeOf(subTopicBodySchema).name!],
  ['micro topic name', shapeOf(microTopicBodySchema).name!],
  ['question stem', shapeOf(questionBodySchema).stem!],
  ['announcement title', shapeOf(announcementBodySchema).title!],
  ['assessment title', shapeOf(assessmentBodySchema).title!],
  ['content title (lectures, videos, live discussions)', shapeOf(contentBodySchema).title!],
  ['resource folder name', shapeOf(folderBodySchema).name!],
  ['resource title', shapeOf(createResourceBodySchema).title!],
  ['support subject', shapeOf(createTicketBodySchema).subject!],
  ['support message', shapeOf(createTicketBodySchema).message!],
  ['live message', shapeOf(liveMessageBodySchema).body!],
];

describe.each(FIELDS)('%s', (_, field) => {
  it.each(BLANKS)('refuses %j', (blank) => {
    expect(field.safeParse(blank).success).toBe(false);
  });
  it('accepts a real value', () => {
    expect(field.safeParse('Outdoor play and safety').success).toBe(true);
  });
});
