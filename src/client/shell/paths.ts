// Every client path in one place, so links and the route table cannot drift apart (spec sections 2.1-2.3).
type Id = number | string;
const opt = (base: string, id?: Id) => (id === undefined ? base : `${base}/${id}`);

export const PATHS = {
  login: '/login',
  registration: '/registration',
  resetPassword: '/reset-password',
  verifyEmail: '/verify_email',

  dashboard: '/',
  quizzes: '/quizzes',
  start: '/start',
  exams: '/exams',
  resources: '/resources',
  files: '/resources/files',
  fileView: '/resources/file-view',
  testYourself: '/test-your-self',
  profileRecord: '/profile-record',
  live: '/live',
  lectures: '/lectures',
  videos: '/videos',
  quiz: (id: Id, queue?: string) => (queue ? `/quiz/${id}/${queue}` : `/quiz/${id}`),
  video: (id: Id) => `/video/${id}`,
  learningProfile: '/learning-profile',
  accounts: '/accounts',
  support: '/support',
  settings: '/settings',
  notifications: '/notifications',
  learningPathway: '/learning-pathway',
  quizResult: (id: Id) => `/quiz-result/${id}`,
  quizAnalysis: (id: Id) => `/quiz-analysis/${id}`,
  diagnosticResults: '/diagnostic-results',

  admin: '/admin',
  adminUsersRole: '/admin/users-role',
  adminUsers: '/admin/users',
  adminUser: (id?: Id) => opt('/admin/user', id),
  adminSchools: '/admin/schools',
  adminSchool: (id?: Id) => opt('/admin/school', id),
  adminKnowledgeGraph: '/admin/knowledge-graph',
  adminQuestions: '/admin/questions',
  adminQuestion: (id?: Id) => opt('/admin/question', id),
  adminAnnouncements: '/admin/announcements',
  adminQuizzes: '/admin/quizzes',
  adminQuiz: (id?: Id) => opt('/admin/quiz', id),
  adminExams: '/admin/exams',
  adminExam: (id?: Id) => opt('/admin/exam', id),
  adminDiagnostics: '/admin/diagnostics',
  adminDiagnostic: (id?: Id) => opt('/admin/diagnostic', id),
  /** The live view of a quiz or exam being taken. */
  adminAssessmentLive: (id: Id) => `/admin/assessments/${id}/live`,
  adminLectures: '/admin/lectures',
  adminLecture: (id?: Id) => opt('/admin/lecture', id),
  adminLiveDiscussions: '/admin/live-discussions',
  adminLiveDiscussion: (id?: Id) => opt('/admin/live-discussion', id),
  adminVideos: '/admin/videos',
  adminVideo: (id?: Id) => opt('/admin/video', id),
  adminResources: '/admin/resources',
  adminReports: '/admin/reports',
  adminLearningProfile: (id?: Id) => opt('/admin/learning-profile', id),
} as const;

/** Paths starting with /admin get the admin sidebar (spec 2.5). */
export function isAdminPath(pathname: string): boolean {
  return pathname === PATHS.admin || pathname.startsWith(`${PATHS.admin}/`);
}

/** Test Yourself with these micro topics already chosen (a result's "Practise these topics"). */
export const practiseTopicsPath = (microTopicIds: readonly number[]) =>
  `${PATHS.testYourself}?topics=${microTopicIds.join(',')}`;

/** Settings' "Saved on this device" section (not a route: the spec lists none), where offline leads. */
export const SAVED_ON_DEVICE_ID = 'saved-on-this-device';
export const savedOnDevicePath = `${PATHS.settings}#${SAVED_ON_DEVICE_ID}`;

/** One live discussion's room: the spec has no route for it, so Live Discussions opens it by its query. */
export const liveRoomPath = (id: number | string) => `${PATHS.live}?session=${id}`;
