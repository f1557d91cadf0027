import type {
  EmailChangesTable,
  LoginAddressesTable,
  PasswordResetsTable,
  RateLimitsTable,
  SessionsTable,
} from '../features/auth/auth.table.ts';
import type { NotificationsTable } from '../features/notifications/notifications.table.ts';
import type { SchoolRequestsTable } from '../features/schools/school-requests.table.ts';
import type { LocationsTable, SchoolsTable } from '../features/schools/schools.table.ts';
import type { TeacherSchoolsTable, UserSyncTable, UsersTable } from '../features/users/users.table.ts';
import type { AuditLogTable } from '../features/users/audit-log.table.ts';
import type { MailOutboxTable } from '../mail/mail.table.ts';
import type {
  AssessmentDrawsTable,
  AssessmentQuestionsTable,
  AssessmentSchoolsTable,
  AssessmentsTable,
} from '../features/assessments/assessments.table.ts';
import type { AttemptAnswersTable, AttemptsTable } from '../features/attempts/attempts.table.ts';
import type {
  DailyPerformanceTable,
  MasteryHistoryTable,
  TopicMasteryTable,
  UserProgressTable,
} from '../features/learning/learning.table.ts';
import type {
  MicroTopicPrerequisitesTable,
  MicroTopicsTable,
  ProficiencyTable,
  SubjectsTable,
  SubTopicsTable,
} from '../features/knowledge-graph/knowledge-graph.table.ts';
import type { QuestionsTable } from '../features/questions/questions.table.ts';
import type { FilesTable } from '../features/files/files.table.ts';
import type {
  ContentAttachmentsTable,
  ContentItemsTable,
  ContentProgressTable,
  ContentSchoolsTable,
  ContentTopicsTable,
} from '../features/content/content.table.ts';
import type { LiveMessagesTable } from '../features/live/live.table.ts';
import type {
  ResourceFolderSchoolsTable,
  ResourceFoldersTable,
  ResourcesTable,
  ResourceTopicsTable,
} from '../features/resources/resources.table.ts';
import type {
  RankingOptOutsTable,
  ReportItemLedgerTable,
  ReportItemStatsTable,
  ReportItemTotalsTable,
  ReportScoresTable,
} from '../features/reports/reports.table.ts';
import type { SupportMessagesTable, SupportTicketsTable } from '../features/support/support.table.ts';
import type {
  AnnouncementSchoolsTable,
  AnnouncementsTable,
} from '../features/announcements/announcements.table.ts';

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface Database {
  app_meta: AppMetaTable;
  locations: LocationsTable;
  schools: SchoolsTable;
  users: UsersTable;
  user_sync: UserSyncTable;
  teacher_schools: TeacherSchoolsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  email_changes: EmailChangesTable;
  rate_limits: RateLimitsTable;
  login_addresses: LoginAddressesTable;
  school_requests: SchoolRequestsTable;
  notifications: NotificationsTable;
  mail_outbox: MailOutboxTable;
  subjects: SubjectsTable;
  sub_topics: SubTopicsTable;
  micro_topics: MicroTopicsTable;
  micro_topic_prerequisites: MicroTopicPrerequisitesTable;
  proficiency: ProficiencyTable;
  questions: QuestionsTable;
  assessments: AssessmentsTable;
  assessment_questions: AssessmentQuestionsTable;
  assessment_draws: AssessmentDrawsTable;
  assessment_schools: AssessmentSchoolsTable;
  attempts: AttemptsTable;
  topic_mastery: TopicMasteryTable;
  mastery_history: MasteryHistoryTable;
  user_progress: UserProgressTable;
  daily_performance: DailyPerformanceTable;
  attempt_answers: AttemptAnswersTable;
  support_tickets: SupportTicketsTable;
  support_messages: SupportMessagesTable;
  audit_log: AuditLogTable;
  files: FilesTable;
  content_items: ContentItemsTable;
  content_topics: ContentTopicsTable;
  content_schools: ContentSchoolsTable;
  content_attachments: ContentAttachmentsTable;
  content_progress: ContentProgressTable;
  live_messages: LiveMessagesTable;
  resource_folders: ResourceFoldersTable;
  resource_folder_schools: ResourceFolderSchoolsTable;
  resources: ResourcesTable;
  resource_topics: ResourceTopicsTable;
  ranking_opt_outs: RankingOptOutsTable;
  report_item_ledger: ReportItemLedgerTable;
  report_item_totals: ReportItemTotalsTable;
  report_item_stats: ReportItemStatsTable;
  report_scores: ReportScoresTable;
  announcements: AnnouncementsTable;
  announcement_schools: AnnouncementSchoolsTable;
}
