import type { Kysely } from 'kysely';
import type {
  EmailChangesTable,
  LoginAddressesTable,
  PasswordResetsTable,
  RateLimitsTable,
  SessionsTable,
} from './tables/auth.ts';
import type { NotificationsTable } from './tables/notifications.ts';
import type { SchoolRequestsTable } from './tables/school-requests.ts';
import type { LocationsTable, SchoolsTable } from './tables/schools.ts';
import type { TeacherSchoolsTable, UserSyncTable, UsersTable } from './tables/users.ts';
import type { AuditLogTable } from './tables/audit-log.ts';
import type { MailOutboxTable } from './tables/mail.ts';
import type {
  AssessmentDrawsTable,
  AssessmentOverridesTable,
  AssessmentQuestionsTable,
  AssessmentSchoolsTable,
  AssessmentsTable,
} from './tables/assessments.ts';
import type { AttemptAnswersTable, AttemptOptionOrdersTable, AttemptsTable } from './tables/attempts.ts';
import type {
  DailyPerformanceTable,
  MasteryHistoryTable,
  TopicMasteryTable,
  UserProgressTable,
} from './tables/learning.ts';
import type {
  MicroTopicPrerequisitesTable,
  MicroTopicsTable,
  ProficiencyTable,
  SubjectsTable,
  SubTopicsTable,
} from './tables/knowledge-graph.ts';
import type { QuestionsTable } from './tables/questions.ts';
import type { ItemParametersTable, TopicParametersTable } from './tables/item-parameters.ts';
import type { FilesTable } from './tables/files.ts';
import type {
  ContentAttachmentsTable,
  ContentItemsTable,
  ContentProgressTable,
  ContentSchoolsTable,
  ContentTopicsTable,
} from './tables/content.ts';
import type { LiveMessagesTable } from './tables/live.ts';
import type {
  ResourceFolderSchoolsTable,
  ResourceFoldersTable,
  ResourcesTable,
  ResourceTopicsTable,
} from './tables/resources.ts';
import type {
  RankingOptOutsTable,
  ReportItemLedgerTable,
  ReportItemStatsTable,
  ReportItemTotalsTable,
  ReportScoresTable,
} from './tables/reports.ts';
import type { SupportMessagesTable, SupportTicketsTable } from './tables/support.ts';
import type { AnnouncementSchoolsTable, AnnouncementsTable } from './tables/announcements.ts';

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
  item_parameters: ItemParametersTable;
  topic_parameters: TopicParametersTable;
  assessments: AssessmentsTable;
  assessment_questions: AssessmentQuestionsTable;
  assessment_draws: AssessmentDrawsTable;
  assessment_schools: AssessmentSchoolsTable;
  assessment_overrides: AssessmentOverridesTable;
  attempts: AttemptsTable;
  topic_mastery: TopicMasteryTable;
  mastery_history: MasteryHistoryTable;
  user_progress: UserProgressTable;
  daily_performance: DailyPerformanceTable;
  attempt_answers: AttemptAnswersTable;
  attempt_option_orders: AttemptOptionOrdersTable;
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

/** The database as the application sees it (database.ts opens one). */
export type Db = Kysely<Database>;

/** The row a select query yields (what its `executeTakeFirst` finds), to name it where the query is built. */
export type RowOf<Q extends { executeTakeFirstOrThrow(): Promise<unknown> }> = Awaited<
  ReturnType<Q['executeTakeFirstOrThrow']>
>;
