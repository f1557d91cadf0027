// API paths without any schema code, so the client's first screen can call the API without loading zod.

export const AUTH_PATHS = {
  login: '/auth/login',
  logout: '/auth/logout',
  refresh: '/refresh',
  register: '/register',
  sendVerificationEmail: '/send-verification-email',
  verifyEmail: (id: number | string) => `/email/verify/${id}`,
  sendResetPasswordEmail: '/send-reset-password-email',
  resetPassword: '/reset-password',
  changePassword: (id: number | string) => `/user/${id}/change-password`,
  account: (id: number | string) => `/user/${id}`,
} as const;

/** Spec 7: the background recalculations the student's sidebar asks for (and submits trigger too). */
export const LEARNING_PATHS = {
  proficiency: (id: number | string) => `/user/${id}/calculate-proficiency`,
  progress: (id: number | string) => `/user/${id}/calculate-user-progress`,
  daily: (date: string, id: number | string) => `/user/calculate-daily-performance/${date}/${id}`,
  myProfile: '/my/learning-profile',
  studentProfile: (id: number | string) => `/admin/users/${id}/learning-profile`,
  myPathway: '/my/learning-pathway',
  mySummary: '/my/learning-summary',
} as const;

/** The Account screen: a pending e-mail change and the signed-in devices. */
export const ACCOUNT_PATHS = {
  emailChange: '/account/email-change',
  sessions: '/account/sessions',
  session: (i: number | string) => `/account/sessions/${i}`,
  signOutOthers: '/account/sessions/sign-out-others',
} as const;

/** Public: the registration form needs them before anyone is logged in. */
export const LOOKUP_PATHS = { locations: '/lookups/locations', schools: '/lookups/schools' } as const;

export const NOTIFICATION_PATHS = {
  list: '/usernotifications',
  unseenCount: '/usernotifications/unseen-count',
  markAsSeen: '/usernotifications/mark-as-seen',
} as const;

export const ATTEMPT_PATHS = {
  start: '/attempts',
  practice: '/practice',
  one: (i: string) => `/attempts/${i}`,
  answer: (i: string, q: number | string) => `/attempts/${i}/answers/${q}`,
  position: (i: string) => `/attempts/${i}/position`,
  submit: (i: string) => `/attempts/${i}/submit`,
  heartbeat: (i: string) => `/attempts/${i}/heartbeat`,
  result: (i: string) => `/attempts/${i}/result`,
  analysis: (i: string) => `/attempts/${i}/analysis`,
  diagnosticResults: '/my/diagnostic-results',
} as const;

export const ASSESSMENT_PATHS = {
  list: '/admin/assessments',
  one: (i: number | string) => `/admin/assessments/${i}`,
  preview: (i: number | string) => `/admin/assessments/${i}/preview`,
  attempts: (i: number | string) => `/admin/assessments/${i}/attempts`,
  mine: '/my/assessments',
} as const;

/** Accommodations and overrides of one assessment (contracts/overrides.ts). */
export const OVERRIDE_PATHS = {
  list: (i: number | string) => `/admin/assessments/${i}/overrides`,
  student: (i: number | string, u: number | string) => `/admin/assessments/${i}/overrides/${u}`,
  school: (i: number | string, s: number | string) => `/admin/assessments/${i}/overrides/school/${s}`,
} as const;

export const KG_PATHS = {
  graph: '/knowledge-graph',
  subjects: '/admin/subjects',
  subject: (i: number | string) => `/admin/subjects/${i}`,
  subTopics: '/admin/sub-topics',
  subTopic: (i: number | string) => `/admin/sub-topics/${i}`,
  microTopics: '/admin/micro-topics',
  microTopic: (i: number | string) => `/admin/micro-topics/${i}`,
  reorder: '/admin/knowledge-graph/order',
} as const;

export const QUESTION_PATHS = {
  list: '/admin/questions',
  one: (i: number | string) => `/admin/questions/${i}`,
  importCsv: '/admin/questions/import',
  exportCsv: '/admin/questions/export',
} as const;

/** Uploaded files (DESIGN.md section 2): staff upload, anyone signed in reads (question images reach students). */
export const FILE_PATHS = {
  upload: '/admin/files',
  one: (i: number | string) => `/files/${i}`,
  /** DELETE: asks first (409 naming where it is used) unless `?force=1`. */
  adminOne: (i: number | string) => `/admin/files/${i}`,
} as const;

/** Resources (issue 8, item 4): folders of files; students read, staff manage under /admin. */
export const RESOURCE_PATHS = {
  /** Every folder the caller can see (a tree, by parent_id). */
  folders: '/resources/folders',
  /** A folder's files (`?folder=`), or a search over every visible folder (`?search=`). */
  files: '/resources/files',
  file: (i: number | string) => `/resources/files/${i}`,
  adminFolders: '/admin/resources/folders',
  adminFolder: (i: number | string) => `/admin/resources/folders/${i}`,
  adminFiles: '/admin/resources',
  adminFile: (i: number | string) => `/admin/resources/${i}`,
} as const;

/** The signed-in student's own record of attempts. */
export const PROFILE_RECORD_PATHS = { mine: '/my/record' } as const;

export const SUPPORT_PATHS = {
  tickets: '/support/tickets',
  ticket: (i: number | string) => `/support/tickets/${i}`,
  messages: (i: number | string) => `/support/tickets/${i}/messages`,
  status: (i: number | string) => `/support/tickets/${i}/status`,
} as const;

/** Lectures, videos and live discussions: one back-office API by kind; students read lectures and videos. */
export const CONTENT_PATHS = {
  admin: (kind: string) => `/admin/content/${kind}`,
  adminOne: (kind: string, i: number | string) => `/admin/content/${kind}/${i}`,
  lectures: '/lectures',
  lecture: (i: number | string) => `/lectures/${i}`,
  lectureRead: (i: number | string) => `/lectures/${i}/read`,
  videos: '/videos',
  video: (i: number | string) => `/videos/${i}`,
  videoProgress: (i: number | string) => `/videos/${i}/progress`,
} as const;

/** Announcements: staff write them in the back office; anyone signed in reads the current ones meant for them. */
export const ANNOUNCEMENT_PATHS = {
  list: '/admin/announcements',
  one: (i: number | string) => `/admin/announcements/${i}`,
  current: '/announcements/current',
} as const;

/** Live discussions for students (and staff reading what they manage): the sessions and each one's thread. */
export const LIVE_PATHS = {
  list: '/live-discussions',
  one: (i: number | string) => `/live-discussions/${i}`,
  messages: (i: number | string) => `/live-discussions/${i}/messages`,
  message: (i: number | string, m: number | string) => `/live-discussions/${i}/messages/${m}`,
  stream: (i: number | string) => `/live-discussions/${i}/stream`,
} as const;

/** The live view of an exam in progress (staff): each student's state, and its event stream. */
export const EXAM_LIVE_PATHS = {
  view: (i: number | string) => `/admin/assessments/${i}/live`,
  stream: (i: number | string) => `/admin/assessments/${i}/live/stream`,
} as const;

/**
 * Several of the dashboard's reads in one request (issue 28): each part is answered by its own route, with the
 * caller's session, exactly as if asked alone. Only these paths (without their query) may be asked for.
 */
export const BATCH_PATHS = {
  reads: '/batch',
  allowed: [
    '/refresh',
    '/my/learning-summary',
    '/my/assessments',
    '/announcements/current',
    '/usernotifications/unseen-count',
    '/usernotifications',
  ],
  /** At most this many reads in one request. */
  max: 10,
} as const;
