import { z } from 'zod';
import { idSchema, listOf, listQuerySchema } from './common.ts';
import { visibleText } from './visible-text.ts';

export const ANNOUNCEMENT_LIMITS = { title: 200, body: 20_000, schools: 200 } as const;

/**
 * Who an announcement is for. everyone: every user (a teacher's "everyone" is the students of their schools);
 * schools: the students and teachers of the chosen schools; role: every user of one role (a teacher's: those
 * of their schools).
 */
export const ANNOUNCEMENT_AUDIENCES = ['everyone', 'schools', 'role'] as const;
export const announcementAudienceSchema = z.enum(ANNOUNCEMENT_AUDIENCES, {
  message: 'Choose who the announcement is for.',
});
export type AnnouncementAudience = z.infer<typeof announcementAudienceSchema>;

export const ANNOUNCEMENT_ROLES = ['student', 'teacher', 'admin'] as const;
export const announcementRoleSchema = z.enum(ANNOUNCEMENT_ROLES, { message: 'Choose a role.' });
export type AnnouncementRole = z.infer<typeof announcementRoleSchema>;
export const ANNOUNCEMENT_ROLE_LABELS: Record<AnnouncementRole, string> = {
  student: 'Students',
  teacher: 'Teachers',
  admin: 'Admins',
};

/** Scheduled: publish_at is ahead; published: notifications went out; expired: past expires_at. */
export const ANNOUNCEMENT_STATUSES = ['scheduled', 'published', 'expired'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];
export const ANNOUNCEMENT_STATUS_LABELS: Record<AnnouncementStatus, string> = {
  scheduled: 'Scheduled',
  published: 'Published',
  expired: 'Expired',
};

const isoDate = z.iso.datetime({ offset: true, message: 'Give a date and time.' });

/**
 * The title is plain text (stored as typed, shown as text); the body is rich text, sanitised by the server.
 * The checks that need the clock or the caller (publish_at not in the past, expires_at after it, the teacher's
 * own schools) are the service's.
 */
export const announcementBodySchema = z
  .strictObject({
    title: visibleText('Give the announcement a title.').max(
      ANNOUNCEMENT_LIMITS.title,
      `Keep the title under ${ANNOUNCEMENT_LIMITS.title} characters.`,
    ),
    body: z
      .string({ message: 'Write the announcement.' })
      .max(ANNOUNCEMENT_LIMITS.body, `Keep the announcement under ${ANNOUNCEMENT_LIMITS.body} characters.`),
    audience: announcementAudienceSchema,
    role: announcementRoleSchema.nullable().default(null),
    school_ids: z
      .array(idSchema)
      .max(ANNOUNCEMENT_LIMITS.schools, `Choose at most ${ANNOUNCEMENT_LIMITS.schools} schools.`)
      .default([]),
    /** null or absent: now. */
    publish_at: isoDate.nullable().default(null),
    expires_at: isoDate.nullable().default(null),
  })
  .superRefine((b, ctx) => {
    if (b.audience === 'schools' && b.school_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['school_ids'], message: 'Choose at least one school.' });
    if (b.audience === 'role' && b.role === null)
      ctx.addIssue({ code: 'custom', path: ['role'], message: 'Choose a role.' });
  });
export type AnnouncementBody = z.input<typeof announcementBodySchema>;
export type AnnouncementInput = z.output<typeof announcementBodySchema>;

export const announcementSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  audience: announcementAudienceSchema,
  role: announcementRoleSchema.nullable(),
  schools: z.array(z.object({ id: z.number(), name: z.string() })),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  publish_at: z.string(),
  expires_at: z.string().nullable(),
  published_at: z.string().nullable(),
  author_id: z.number().nullable(),
  /** null when the author's account no longer exists. */
  author_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The caller may edit and delete it (an admin any; a teacher those they wrote). */
  can_edit: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementResponseSchema = z.object({ announcement: announcementSchema });
export const announcementsQuerySchema = listQuerySchema.extend({
  status: z.enum(ANNOUNCEMENT_STATUSES).optional(),
});
export type AnnouncementsQuery = z.output<typeof announcementsQuerySchema>;
export const announcementsResponseSchema = listOf(announcementSchema);

/** What a reader sees of a current announcement. */
export const currentAnnouncementSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  published_at: z.string(),
  author_name: z.string().nullable(),
});
export type CurrentAnnouncement = z.infer<typeof currentAnnouncementSchema>;
export const currentAnnouncementsResponseSchema = z.object({ data: z.array(currentAnnouncementSchema) });

export { ANNOUNCEMENT_PATHS } from '../api-paths.ts';
