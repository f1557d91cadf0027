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
} as const;

/** The signed-in student's own record of attempts. */
export const PROFILE_RECORD_PATHS = { mine: '/my/record' } as const;

export const SUPPORT_PATHS = {
  tickets: '/support/tickets',
  ticket: (i: number | string) => `/support/tickets/${i}`,
  messages: (i: number | string) => `/support/tickets/${i}/messages`,
  status: (i: number | string) => `/support/tickets/${i}/status`,
} as const;
