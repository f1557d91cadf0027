import type { PasswordResetsTable, RateLimitsTable, SessionsTable } from '../features/auth/auth.table.ts';
import type { NotificationsTable } from '../features/notifications/notifications.table.ts';
import type { LocationsTable, SchoolsTable } from '../features/schools/schools.table.ts';
import type { TeacherSchoolsTable, UsersTable } from '../features/users/users.table.ts';
import type { MailOutboxTable } from '../mail/mail.table.ts';

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface Database {
  app_meta: AppMetaTable;
  locations: LocationsTable;
  schools: SchoolsTable;
  users: UsersTable;
  teacher_schools: TeacherSchoolsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  rate_limits: RateLimitsTable;
  notifications: NotificationsTable;
  mail_outbox: MailOutboxTable;
}
