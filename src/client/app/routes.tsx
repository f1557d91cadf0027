import { matchRoutes, Navigate, useLocation, useParams } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { isValidElement } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { authState, hasStoredToken, homePathOf, roleOf, useAuth } from '../shell/session.ts';
import { lazyScreen } from './lazy-screen.ts';
import { RootError, RouteError } from './layout/route-error.tsx';
import { preloadSidebarLayout, ShellLayout } from './layout/shell-layout.tsx';
import { PATHS } from '../shell/paths.ts';
import type { RouteMeta } from '../shell/route-meta.ts';

// Every screen is its own chunk, so /login ships without the code of the rest of the app.
const Login = lazyScreen(() => import('../features/auth/screens/login-screen.tsx'));
const Registration = lazyScreen(() => import('../features/auth/screens/registration-screen.tsx'));
const ResetPassword = lazyScreen(() => import('../features/auth/screens/reset-password-screen.tsx'));
const VerifyEmail = lazyScreen(() => import('../features/auth/screens/verify-email-screen.tsx'));

const Dashboard = lazyScreen(() => import('../features/dashboard/screens/dashboard-screen.tsx'));
const Quizzes = lazyScreen(() => import('../features/quizzes/screens/quizzes-screen.tsx'));
const Start = lazyScreen(() => import('../features/start/screens/start-screen.tsx'));
const Exams = lazyScreen(() => import('../features/exams/screens/exams-screen.tsx'));
const Resources = lazyScreen(() => import('../features/resources/screens/resources-screen.tsx'));
const Files = lazyScreen(() => import('../features/resources/screens/files-screen.tsx'));
const FileView = lazyScreen(() => import('../features/resources/screens/file-view-screen.tsx'));
const TestYourself = lazyScreen(() => import('../features/test-yourself/screens/test-yourself-screen.tsx'));
const ProfileRecord = lazyScreen(
  () => import('../features/profile-record/screens/profile-record-screen.tsx'),
);
const LiveDiscussions = lazyScreen(() => import('../features/live/screens/live-discussions-screen.tsx'));
const Lectures = lazyScreen(() => import('../features/lectures/screens/lectures-screen.tsx'));
const Videos = lazyScreen(() => import('../features/videos/screens/videos-screen.tsx'));
const Quiz = lazyScreen(() => import('../features/quiz/screens/quiz-screen.tsx'));
const Video = lazyScreen(() => import('../features/videos/screens/video-screen.tsx'));
const LearningProfile = lazyScreen(
  () => import('../features/learning-profile/screens/learning-profile-screen.tsx'),
);
const Account = lazyScreen(() => import('../features/account/screens/account-screen.tsx'));
const Support = lazyScreen(() => import('../features/support/screens/support-screen.tsx'));
const Settings = lazyScreen(() => import('../features/account/screens/settings-screen.tsx'));
const Notifications = lazyScreen(() => import('../features/notifications/screens/notifications-screen.tsx'));
const LearningPathway = lazyScreen(
  () => import('../features/learning-pathway/screens/learning-pathway-screen.tsx'),
);
const QuizResult = lazyScreen(() => import('../features/quiz/screens/quiz-result-screen.tsx'));
const QuizAnalysis = lazyScreen(() => import('../features/quiz/screens/quiz-analysis-screen.tsx'));
const DiagnosticResults = lazyScreen(
  () => import('../features/diagnostic/screens/diagnostic-results-screen.tsx'),
);

const AdminDashboard = lazyScreen(() => import('../features/admin/screens/admin-dashboard-screen.tsx'));
const UsersRole = lazyScreen(() => import('../features/users/screens/users-role-screen.tsx'));
const Users = lazyScreen(() => import('../features/users/screens/users-screen.tsx'));
const UserEdit = lazyScreen(() => import('../features/users/screens/user-edit-screen.tsx'));
const Schools = lazyScreen(() => import('../features/schools/screens/schools-screen.tsx'));
const SchoolEdit = lazyScreen(() => import('../features/schools/screens/school-edit-screen.tsx'));
const KnowledgeGraph = lazyScreen(
  () => import('../features/knowledge-graph/screens/knowledge-graph-screen.tsx'),
);
const Questions = lazyScreen(() => import('../features/questions/screens/questions-screen.tsx'));
const QuestionEdit = lazyScreen(() => import('../features/questions/screens/question-edit-screen.tsx'));
const Announcements = lazyScreen(() => import('../features/announcements/screens/announcements-screen.tsx'));
const Assessments = lazyScreen(() => import('../features/assessments/screens/assessments-screen.tsx'));
const AssessmentEdit = lazyScreen(() => import('../features/assessments/screens/assessment-edit-screen.tsx'));
const ExamLive = lazyScreen(() => import('../features/exam-live/screens/exam-live-screen.tsx'));
const Content = lazyScreen(() => import('../features/content/screens/content-screen.tsx'));
const ContentEdit = lazyScreen(() => import('../features/content/screens/content-edit-screen.tsx'));
const AdminResources = lazyScreen(() => import('../features/resources/screens/admin-resources-screen.tsx'));
const Reports = lazyScreen(() => import('../features/reports/screens/reports-screen.tsx'));

type Params = Readonly<Record<string, string | undefined>>;

/** Hands route params (and fixed props such as `kind`) to a screen as inputs. */
function WithParams<P extends object>({
  screen: Screen,
  props,
}: {
  screen: ComponentType<P>;
  props: (p: Params) => P;
}) {
  return <Screen {...props(useParams())} />;
}
const withParams = <P extends object>(screen: ComponentType<P>, props: (p: Params) => P) => (
  <WithParams screen={screen} props={props} />
);

/** Every /quiz/... path is one view; keying by pathname remounts it when moving between quizzes (spec 2.2). */
const QuizRoute = Object.assign(
  function QuizRoute() {
    const { pathname } = useLocation();
    const { id = '', queue } = useParams();
    return <Quiz key={pathname} id={id} queue={queue} />;
  },
  { preload: Quiz.preload },
);

const DashboardRoute = Object.assign(
  function DashboardRoute() {
    const { user } = useAuth();
    // Staff work in the back office: / (the app's start, and the admin sidebar's Dashboard) is theirs there.
    const home = homePathOf(user);
    if (home !== PATHS.dashboard) return <Navigate to={home} replace />;
    return <Dashboard user={user} />;
  },
  {
    // The first screen after start: a student's dashboard data is fetched while its code loads.
    preload: () => {
      const user = authState.user;
      if (homePathOf(user) === PATHS.admin) return AdminDashboard.preload();
      if (user && roleOf(user) === 'student' && user.taken_diagnostics === 1) {
        // Ready once the code is in and what the device holds is read: the first render paints it at once.
        const held = import('../features/dashboard/use-dashboard.ts').then(
          ({ prefetchDashboard }) => prefetchDashboard(),
          () => undefined,
        );
        return Promise.all([Dashboard.preload(), held]).then(() => undefined);
      }
      return Dashboard.preload();
    },
  },
);

const idOf = (p: Params) => ({ id: p.id ?? '' });
const optionalId = (p: Params) => ({ id: p.id });

export type RouteDef = { path: string; meta: RouteMeta; element: ReactNode };

const fullPage = (title: string): RouteMeta => ({ title, is_full_page: true, requires_login: false });
const page = (title: string): RouteMeta => ({ title, is_full_page: false, requires_login: true });

/** THE route table: spec 2.1 (full page, public), 2.2 (student) and 2.3 (admin), in the spec's order. */
export const ROUTE_TABLE: readonly RouteDef[] = [
  { path: PATHS.login, meta: fullPage('Login'), element: <Login /> },
  { path: PATHS.registration, meta: fullPage('Registration'), element: <Registration /> },
  { path: PATHS.resetPassword, meta: fullPage('Reset Password'), element: <ResetPassword /> },
  { path: PATHS.verifyEmail, meta: fullPage('Verify Email'), element: <VerifyEmail /> },

  { path: PATHS.dashboard, meta: page('Dashboard'), element: <DashboardRoute /> },
  { path: PATHS.quizzes, meta: page('Quizzes'), element: <Quizzes /> },
  { path: PATHS.start, meta: page('Start'), element: <Start /> },
  { path: PATHS.exams, meta: page('Exams'), element: <Exams /> },
  { path: PATHS.resources, meta: page('Resources'), element: <Resources /> },
  { path: PATHS.files, meta: page('Files'), element: <Files /> },
  { path: PATHS.fileView, meta: page('File View'), element: <FileView /> },
  { path: PATHS.testYourself, meta: page('Test Yourself'), element: <TestYourself /> },
  { path: PATHS.profileRecord, meta: page('Profile Record'), element: <ProfileRecord /> },
  { path: PATHS.live, meta: page('Live Discussions'), element: <LiveDiscussions /> },
  { path: PATHS.lectures, meta: page('Lectures'), element: <Lectures /> },
  { path: PATHS.videos, meta: page('Videos'), element: <Videos /> },
  { path: '/quiz/:id/:queue?', meta: page('Quiz'), element: <QuizRoute /> },
  { path: '/video/:id', meta: page('Video'), element: withParams(Video, idOf) },
  { path: PATHS.learningProfile, meta: page('Learning Profile'), element: <LearningProfile /> },
  { path: PATHS.accounts, meta: page('Account'), element: <Account /> },
  { path: PATHS.support, meta: page('Support'), element: <Support /> },
  { path: PATHS.settings, meta: page('Settings'), element: <Settings /> },
  { path: PATHS.notifications, meta: page('Notifications'), element: <Notifications /> },
  { path: PATHS.learningPathway, meta: page('Learning Pathway'), element: <LearningPathway /> },
  { path: '/quiz-result/:id', meta: page('Quiz Result'), element: withParams(QuizResult, idOf) },
  { path: '/quiz-analysis/:id', meta: page('Quiz Analysis'), element: withParams(QuizAnalysis, idOf) },
  { path: PATHS.diagnosticResults, meta: page('Diagnostic Results'), element: <DiagnosticResults /> },

  { path: PATHS.admin, meta: page('Admin Dashboard'), element: <AdminDashboard /> },
  { path: PATHS.adminUsersRole, meta: page('Manage Users Role'), element: <UsersRole /> },
  { path: PATHS.adminUsers, meta: page('Manage Users'), element: <Users /> },
  { path: '/admin/user/:id?', meta: page('User'), element: withParams(UserEdit, optionalId) },
  { path: PATHS.adminSchools, meta: page('Manage Schools'), element: <Schools /> },
  { path: '/admin/school/:id?', meta: page('School'), element: withParams(SchoolEdit, optionalId) },
  { path: PATHS.adminKnowledgeGraph, meta: page('Manage Knowledge Graph'), element: <KnowledgeGraph /> },
  { path: PATHS.adminQuestions, meta: page('Manage Questions'), element: <Questions /> },
  { path: '/admin/question/:id?', meta: page('Question'), element: withParams(QuestionEdit, optionalId) },
  { path: PATHS.adminAnnouncements, meta: page('Manage Announcements'), element: <Announcements /> },
  { path: PATHS.adminQuizzes, meta: page('Manage Quizzes'), element: <Assessments kind="quiz" /> },
  {
    path: '/admin/quiz/:id?',
    meta: page('Quiz'),
    element: withParams(AssessmentEdit, (p) => ({ kind: 'quiz' as const, id: p.id })),
  },
  { path: PATHS.adminExams, meta: page('Manage Exams'), element: <Assessments kind="exam" /> },
  { path: '/admin/assessments/:id/live', meta: page('Live View'), element: withParams(ExamLive, idOf) },
  {
    path: '/admin/exam/:id?',
    meta: page('Exam'),
    element: withParams(AssessmentEdit, (p) => ({ kind: 'exam' as const, id: p.id })),
  },
  {
    path: PATHS.adminDiagnostics,
    meta: page('Manage Diagnostics'),
    element: <Assessments kind="diagnostic" />,
  },
  {
    path: '/admin/diagnostic/:id?',
    meta: page('Diagnostic'),
    element: withParams(AssessmentEdit, (p) => ({ kind: 'diagnostic' as const, id: p.id })),
  },
  { path: PATHS.adminLectures, meta: page('Manage Lectures'), element: <Content kind="lecture" /> },
  {
    path: '/admin/lecture/:id?',
    meta: page('Lecture'),
    element: withParams(ContentEdit, (p) => ({ kind: 'lecture' as const, id: p.id })),
  },
  {
    path: PATHS.adminLiveDiscussions,
    meta: page('Manage Live Discussions'),
    element: <Content kind="live-discussion" />,
  },
  {
    path: '/admin/live-discussion/:id?',
    meta: page('Live Discussion'),
    element: withParams(ContentEdit, (p) => ({ kind: 'live-discussion' as const, id: p.id })),
  },
  { path: PATHS.adminVideos, meta: page('Manage Videos'), element: <Content kind="video" /> },
  {
    path: '/admin/video/:id?',
    meta: page('Video'),
    element: withParams(ContentEdit, (p) => ({ kind: 'video' as const, id: p.id })),
  },
  { path: PATHS.adminResources, meta: page('Manage Resources'), element: <AdminResources /> },
  { path: PATHS.adminReports, meta: page('Reports'), element: <Reports /> },
  {
    path: '/admin/learning-profile/:id?',
    meta: page('Learning Profile'),
    element: withParams(LearningProfile, (p) => ({ staff: true, id: p.id })),
  },
];

type Preloadable = { preload?: () => Promise<void> };

/** The screen a route element shows: `<Screen />`, a route wrapper, or withParams(Screen, …). */
function preloadOf(element: ReactNode): (() => Promise<void>) | undefined {
  if (!isValidElement<{ screen?: Preloadable }>(element)) return undefined;
  return (element.type as Preloadable).preload ?? element.props.screen?.preload;
}

/**
 * Starts loading the code of the screen at `pathname` (the login screen when it needs a session there is
 * not), before React first renders it: main.tsx waits for it, so the first screen appears at once instead
 * of after a spinner. Resolves when it is in, or at once when there is nothing to load.
 */
export function preloadScreen(pathname: string): Promise<void> {
  const matched = matchRoutes(
    ROUTE_TABLE.map((route) => ({ path: route.path })),
    pathname,
  );
  const path = matched?.[matched.length - 1]?.route.path;
  let route = ROUTE_TABLE.find((r) => r.path === path);
  if (route?.meta.requires_login && !hasStoredToken())
    route = ROUTE_TABLE.find((r) => r.path === PATHS.login);
  const preload = route && preloadOf(route.element);
  // A signed-in screen is shown in the sidebar layout, a chunk of its own: both load at once.
  const loads = [preload?.(), route && !route.meta.is_full_page ? preloadSidebarLayout() : undefined];
  return Promise.all(loads).then(
    () => undefined,
    () => undefined,
  );
}

/** The router's route objects: the shell around every table route, and any unknown path back to '/'. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <ShellLayout />,
      errorElement: <RootError />,
      children: ROUTE_TABLE.map(({ path, meta, element }) => ({
        path,
        element,
        handle: meta,
        errorElement: <RouteError />,
      })),
    },
    { path: '*', element: <Navigate to={PATHS.dashboard} replace /> },
  ];
}
