import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE } from '../shared/constants.ts';
import type { AppConfig } from './config.ts';
import { openContext } from './app-context.ts';
import type { AppContext } from './context.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuthService } from './features/auth/auth.service.ts';
import { openApiDocument } from './features/health/openapi.ts';
import { assessmentsRoutes } from './features/assessments/assessments.routes.ts';
import { createAssessmentsService } from './features/assessments/assessments.service.ts';
import { overridesRoutes } from './features/assessments/overrides.routes.ts';
import { createOverridesService } from './features/assessments/overrides.service.ts';
import { announcementsRoutes } from './features/announcements/announcements.routes.ts';
import { batchRoutes } from './features/batch/batch.routes.ts';
import { createAnnouncementsService } from './features/announcements/announcements.service.ts';
import { attemptsRoutes } from './features/attempts/attempts.routes.ts';
import { createAttemptsService } from './features/attempts/attempts.service.ts';
import { createSeenQuestions } from './features/attempts/seen-questions.ts';
import { createPracticeExposureRepository } from './features/attempts/practice-exposure.repository.ts';
import { contentRoutes } from './features/content/content.routes.ts';
import { createContentService } from './features/content/content.service.ts';
import { knowledgeGraphRoutes } from './features/knowledge-graph/knowledge-graph.routes.ts';
import { createKnowledgeGraphService } from './features/knowledge-graph/knowledge-graph.service.ts';
import type { FileStore } from './features/files/file-store.ts';
import { openFileStore } from './features/files/open-file-store.ts';
import type { FileReader } from './features/files/file-access.ts';
import { filesRoutes } from './features/files/files.routes.ts';
import { fileReaders } from './file-readers.ts';
import { resourcesRoutes } from './features/resources/resources.routes.ts';
import { createResourcesService } from './features/resources/resources.service.ts';
import { createFilesService } from './features/files/files.service.ts';
import { questionsRoutes } from './features/questions/questions.routes.ts';
import { createQuestionsService } from './features/questions/questions.service.ts';
import { uploadsRoutes } from './features/questions/uploads.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { notificationsRoutes } from './features/notifications/notifications.routes.ts';
import { createNotificationsService } from './features/notifications/notifications.service.ts';
import { learningRoutes } from './features/learning/learning.routes.ts';
import { examLiveRoutes } from './features/live/exam-live.routes.ts';
import { createExamLiveService } from './features/live/exam-live.service.ts';
import { liveRoutes } from './features/live/live.routes.ts';
import { createLiveService } from './features/live/live.service.ts';
import { createLearningService } from './features/learning/learning.service.ts';
import { createPracticeAssignments } from './features/learning/practice-assignment.ts';
import { profileRecordRoutes } from './features/profile-record/profile-record.routes.ts';
import { createProfileRecordService } from './features/profile-record/profile-record.service.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { createReportsService } from './features/reports/reports.service.ts';
import { lookupsRoutes } from './features/schools/lookups.routes.ts';
import { schoolRequestsRoutes } from './features/schools/school-requests.routes.ts';
import { schoolsRoutes } from './features/schools/schools.routes.ts';
import { createSchoolRequestsService } from './features/schools/school-requests.service.ts';
import { createSchoolsService } from './features/schools/schools.service.ts';
import { supportRoutes } from './features/support/support.routes.ts';
import { createSupportService } from './features/support/support.service.ts';
import { createAdminUsersService } from './features/users/admin-users.service.ts';
import { createUsersCsvService } from './features/users/users-csv.service.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import { createRolesRepository } from './features/users/roles.repository.ts';
import { rolesRoutes } from './features/users/roles.routes.ts';
import { createRolesService } from './features/users/roles.service.ts';
import { createUsersRepository } from './features/users/users.repository.ts';
import { createSyncStamp } from './features/users/sync-stamp.service.ts';
import { roleOf } from './features/users/users.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin, forbidden, frameworkErrors, unauthenticated } from './plugins/errors.ts';
import { createDrain } from './plugins/drain.ts';
import { createEventBus } from './plugins/event-bus.ts';
import { createRateLimiter } from './plugins/rate-limit.ts';
import { lazyChildLogger } from './plugins/lazy-logger.ts';
import { prettyLogStream } from './plugins/pretty-log.ts';
import { QuietRequestLog } from './plugins/request-log.ts';
import { createRouter, type Authed, type RouteInfo } from './plugins/routes.ts';
import { builtPagesScriptHashes, securityHeadersPlugin } from './plugins/security-headers.ts';
import { serveSpa } from './spa.ts';
import { startAnnouncementSweep, startItemFitSweep, startSweeps } from './sweeps.ts';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  routes: RouteInfo[];
  /** A graceful stop's first step (main.ts): readiness 503, connections closed after their answer. */
  startDraining: () => void;
  /** Where uploaded bytes live (FILE_STORE): `check()` tells whether it is reachable. */
  fileStore: FileStore;
}

export async function buildApp(config: AppConfig): Promise<BuiltApp> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            ...(config.logFormat === 'pretty' ? { stream: prettyLogStream() } : {}),
          },
    logController: new QuietRequestLog(),
    childLoggerFactory: lazyChildLogger,
    bodyLimit: 1024 * 1024,
    // Only the configured proxies may name the client (config.ts): never every hop, which a client could spoof.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Shutdown: stop accepting, let in-flight requests finish.
    return503OnClosing: true,
    frameworkErrors,
  });
  const ctx = await openContext(app, config);
  const { db, dialect } = ctx;
  const drain = createDrain(app);

  const limiter = createRateLimiter(db, ctx.now);
  const schools = createSchoolsService(db, ctx.now);
  const notifications = createNotificationsService(db, ctx.now);
  const usersRepo = createUsersRepository(db);
  const schoolRequests = createSchoolRequestsService(db, ctx.now, {
    notifications,
    limiter,
    staffOf: async (schoolId) => [
      ...(await usersRepo.idsOfAdmins()),
      ...(await usersRepo.idsOfTeachersOfSchool(schoolId)),
    ],
    teacherSchoolIds: usersRepo.schoolIdsOfTeacher,
  });
  const auth = createAuthService(ctx, { limiter, schools, schoolRequests });
  await auth.start();
  app.addHook('onClose', () => auth.stop());

  await app.register(errorsPlugin);
  // The built pages' inline script (the start-up prefetch) is allowed by its hash, read from the pages here.
  await app.register(securityHeadersPlugin, { scriptHashes: builtPagesScriptHashes(config.staticDir) });
  // API JSON over 1 KB, brotli or gzip by Accept-Encoding; static files come precompressed (serveSpa).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
  await app.register(authPlugin, { auth, dialect });

  const kg = createKnowledgeGraphService(db);
  // Who may read a file is asked of the features that use files, built below; they ask the files feature
  // in turn whether the ids they are given are the caller's to use.
  const refusedFiles = (actor: Authed, fields: Record<string, number[]>) => files.refusedIn(actor, fields);
  let readers: FileReader[] | null = null;
  const fileStore = await openFileStore(config);
  app.addHook('onClose', () => fileStore.close());
  const files = createFilesService(ctx, fileStore, {
    readers: () => (readers ??= fileReaders({ content, resources, questions, seenQuestions, announcements })),
    sessionOf: auth.authenticateSession,
  });
  const seenQuestions = createSeenQuestions(db);
  const rolesRepo = createRolesRepository(db, dialect);
  const questions = createQuestionsService(ctx, {
    refusedFiles,
    // Images embedded in an imported file go through the file store as uploads of the importer.
    storeImage: (image, actor) =>
      files.upload({
        kind: 'image',
        stream: Readable.from([image.bytes]),
        name: image.name,
        userId: actor.user.id,
        truncated: () => false,
      }),
    removeFile: (id) => files.removeRow(id),
    audit: (entry) => rolesRepo.insertAudit([entry]),
    imageOf: async (id) => {
      const row = await files.find(id).catch(() => null);
      if (!row || !row.mime.startsWith('image/')) return null;
      const { stream } = await files.open(row).catch(() => ({ stream: null }));
      if (!stream) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return { name: row.original_name, bytes: Buffer.concat(chunks) };
    },
    uploadedImage: async (name) => {
      const bytes = await readFile(join(config.dataDir, 'uploads', name)).catch(() => null);
      return bytes ? { name, bytes } : null;
    },
  });
  const assessments = createAssessmentsService(ctx, {
    teacherSchoolIds: usersRepo.schoolIdsOfTeacher,
    revealedByPractice: createPracticeExposureRepository(db, dialect).revealed,
    audit: (entry) => rolesRepo.insertAudit([entry]),
  });
  const learning = createLearningService(ctx, {
    teacherSchoolIds: usersRepo.schoolIdsOfTeacher,
    // `attempts` is created next; the pathway only calls this on a request, long after.
    quizzesOf: async (user) => assessments.mine(user, 'quiz', await attempts.summariesOf(user.id)),
    // Likewise `content`, created below.
    materialsOf: (user, ids) => content.itemsForTopics(user, ids),
  });
  const content = createContentService(ctx, {
    teacherSchoolIds: usersRepo.schoolIdsOfTeacher,
    files,
    signedUrl: files.signedUrl,
    refusedFiles,
    topicQuiz: (user, ids) => learning.quizForTopics(user, ids),
  });
  const resources = createResourcesService(ctx, { files, teacherSchoolIds: usersRepo.schoolIdsOfTeacher });
  const reports = createReportsService(ctx, {
    teacherSchoolIds: usersRepo.schoolIdsOfTeacher,
    followable: (auth, ids) => assessments.followable(auth, ids),
    pendingJoinRequests: async (auth, shown) => {
      const { data, meta } = await schoolRequests.list(auth, { page: 1, per_page: shown, status: 'pending' });
      return { total: meta.total, latest: data };
    },
  });
  const attempts = createAttemptsService(ctx, {
    assessments,
    teacherSchoolIds: usersRepo.schoolIdsOfTeacher,
    onGraded: (userId) => {
      learning.refreshAfterSubmit(userId);
      reports.scoresChanged(userId);
    },
    readinessOf: (userId) => learning.readinessOf(userId),
    // `examLive` is created below; attempts only call this on a request, long after.
    onActivity: (assessmentId, userId) => examLive.changed(assessmentId, userId),
  });
  // Accommodations (issue 27): each change moves the deadlines of the attempts it reaches at once.
  const overrides = createOverridesService(ctx, {
    assessments,
    teacherSchoolIds: usersRepo.schoolIdsOfTeacher,
    // A student's override changed (and the attempts it moved): staff watching the live view see it.
    retime: async (f) => {
      const moved = await attempts.retime(f);
      if (f.assessmentId !== undefined) {
        if (f.userId !== undefined) examLive.changed(f.assessmentId, f.userId);
        for (const m of moved) examLive.changed(f.assessmentId, m.user_id);
      }
      return moved;
    },
    audit: (entry) => rolesRepo.insertAudit([entry]),
  });
  const support = createSupportService(ctx, {
    notifications,
    limiter,
    staffOf: async (schoolId) => [
      ...(await usersRepo.idsOfAdmins()),
      ...(schoolId === null ? [] : await usersRepo.idsOfTeachersOfSchool(schoolId)),
    ],
    teacherSchoolIds: usersRepo.schoolIdsOfTeacher,
  });

  const announcements = createAnnouncementsService(ctx, {
    teacherSchoolIds: usersRepo.schoolIdsOfTeacher,
    limiter,
    refusedFiles,
  });

  // Cross-process events (live discussion threads): LISTEN/NOTIFY on PostgreSQL, the cluster's IPC on SQLite.
  const bus = createEventBus({
    db,
    dialect,
    databaseUrl: config.databaseUrl,
    pgSchema: config.pgSchema,
    log: app.log,
  });
  const live = createLiveService(ctx, {
    bus,
    limiter,
    teacherSchoolIds: usersRepo.schoolIdsOfTeacher,
    authenticateHash: auth.authenticateHash,
    onSessionsChanged: auth.onSessionsChanged,
  });
  const examLive = createExamLiveService(ctx, {
    bus,
    assessments,
    teacherSchoolIds: usersRepo.schoolIdsOfTeacher,
    authenticateHash: auth.authenticateHash,
    onSessionsChanged: auth.onSessionsChanged,
  });
  // Open event streams would keep the server from closing: end them first (clients reconnect elsewhere).
  app.addHook('preClose', async () => {
    live.closeStreams();
    examLive.closeStreams();
  });
  app.addHook('onClose', () => bus.close());

  const invite = auth.sendInvitation;
  const roles = createRolesService(ctx);
  const adminUsers = createAdminUsersService(ctx, {
    recordNewRoles: roles.recordNewRoles,
    schools,
    revokeSessions: auth.revokeAllSessions,
    invite,
    requestEmailChange: auth.account.requestEmailChange,
    noticeEmailReplaced: auth.account.noticeEmailReplaced,
    pendingEmail: auth.account.pendingEmail,
    retimeUser: (userId) => attempts.retime({ userId }),
  });

  const routes: RouteInfo[] = [];
  await app.register(
    async (api) => {
      // Defence in depth: the whole back-office subtree refuses students before any route runs,
      // so a new admin route cannot forget its role check.
      // (A callback hook: every API request passes it, and an async one costs a promise and a turn each.)
      api.addHook('onRequest', (request, _reply, done) => {
        if (!request.url.startsWith(`${API_BASE}/admin/`)) done();
        else if (!request.auth) done(unauthenticated());
        else if (roleOf(request.auth.user) === 'student') done(forbidden());
        else done();
      });
      const route = createRouter(api, routes, API_BASE);
      healthRoutes(route, ctx, { draining: drain.draining, checkFiles: () => fileStore.check() });
      authRoutes(route, auth);
      lookupsRoutes(route, schools);
      schoolRequestsRoutes(route, schoolRequests);
      notificationsRoutes(route, notifications);
      schoolsRoutes(route, { schools, teacherSchoolIds: usersRepo.schoolIdsOfTeacher });
      rolesRoutes(route, roles);
      knowledgeGraphRoutes(route, kg);
      // Uploads stream to the file store; no part is ever buffered whole (files.routes.ts sets the limits).
      // Only the routes that take multipart bodies are in its scope: its hooks (an async onRequest that
      // listens for the reply's close, an async onResponse) would otherwise run on every API request.
      await api.register(async (uploads) => {
        await uploads.register(fastifyMultipart);
        const uploadRoute = createRouter(uploads, routes, API_BASE);
        questionsRoutes(uploadRoute, questions);
        filesRoutes(uploadRoute, files);
      });
      resourcesRoutes(route, resources);
      assessmentsRoutes(route, { assessments, attempts, questions });
      overridesRoutes(route, overrides);
      attemptsRoutes(route, attempts, createSyncStamp(db, ctx.now));
      learningRoutes(
        route,
        learning,
        createPracticeAssignments(db, {
          teacherSchoolIds: usersRepo.schoolIdsOfTeacher,
          notify: notifications.notify,
          audit: (entry) => rolesRepo.insertAudit([entry]),
          now: ctx.now,
        }),
      );
      profileRecordRoutes(route, createProfileRecordService(db));
      reportsRoutes(route, reports);
      supportRoutes(route, support);
      liveRoutes(route, live);
      examLiveRoutes(route, examLive);
      contentRoutes(route, content);
      announcementsRoutes(route, announcements);
      batchRoutes(route, app);
      usersRoutes(route, {
        users: adminUsers,
        csv: createUsersCsvService(ctx, { users: adminUsers, invite, recordNewRoles: roles.recordNewRoles }),
      });
      uploadsRoutes(api, ctx.config.dataDir);
    },
    { prefix: API_BASE },
  );

  // Registered last, so the document lists every route.
  const openApi = openApiDocument(routes, config.version);
  app.get(`${API_BASE}/openapi.json`, async () => openApi);

  // With several processes on one database, one of them sweeps (main.ts).
  if (config.sweeps) startSweeps(app, attempts, auth);
  if (config.sweeps) startAnnouncementSweep(app, announcements);
  if (config.sweeps) startItemFitSweep(app, ctx);

  await serveSpa(app, config.staticDir);
  return { app, ctx, routes, fileStore, startDraining: drain.start };
}

/** Trusts the `hops` proxies nearest to us, as proxy-addr does for a number (Fastify's types want a function). */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
