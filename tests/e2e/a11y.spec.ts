import { expect, test } from '@playwright/test';
import { PATHS } from '../../src/client/shell/paths.ts';
import {
  ADMIN_ID_ONLY_ROUTES,
  ADMIN_ID_ROUTES,
  ADMIN_ROUTES,
  ANONYMOUS_ROUTES,
  checkMenuAndLogout,
  expectNoFindings,
  firstId,
  fixedPath,
  idPath,
  login,
  navigate,
  NEW_STUDENT_ROUTES,
  startAudit,
  STUDENT_ID_ROUTES,
  STUDENT_ROUTES,
  takeFindings,
  TEACHER_ROUTES,
  WIDTHS,
  type PathKey,
  type Width,
} from './a11y-audit.ts';
import { confirmDialog } from './helpers.ts';
import { myAssessments } from './learning-helpers.ts';
import type { MyAssessment } from './learning-helpers.ts';

// Every route of every role, with the main dialogs and forms open, at a phone and a desktop width,
// checked by axe-core against WCAG 2.1 AA. Every finding, of any impact, is reported (attached to the test
// and printed) as "where — rule (impact): element", so that each one is easy to find and fix. On the
// screens students use (theirs, and the signed-out ones they register and log in on) any finding fails
// the test; on staff screens the serious and critical ones do, and the moderate and minor are reported.
// The audit itself (the route lists, axe's settings, navigation): a11y-audit.ts.

test('every route of the route table is audited for some role', () => {
  const audited = new Set<PathKey>([
    ...ANONYMOUS_ROUTES,
    ...STUDENT_ROUTES,
    ...STUDENT_ID_ROUTES,
    ...NEW_STUDENT_ROUTES,
    ...TEACHER_ROUTES,
    ...ADMIN_ROUTES,
    ...ADMIN_ID_ROUTES,
    ...ADMIN_ID_ONLY_ROUTES,
  ]);
  expect(Object.keys(PATHS).filter((key) => !audited.has(key as PathKey))).toEqual([]);
});

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  test.describe.configure({ mode: 'parallel' });

  // Every finding axe made, of every impact, whether the test passed or not (and whatever else failed):
  // attached to the test (in the JSON and HTML reports) and printed.
  // eslint-disable-next-line no-empty-pattern -- Playwright wants a pattern, and this hook needs no fixture.
  test.afterEach(async ({}, testInfo) => {
    const lines = takeFindings();
    if (lines.length > 0) {
      await testInfo.attach('axe findings', { body: lines.join('\n'), contentType: 'text/plain' });
      console.log(`axe findings, ${testInfo.title}:\n${lines.join('\n')}`);
    }
  });

  // The longest first, so that the two workers finish together.
  for (const width of Object.keys(WIDTHS) as Width[]) {
    test(`admin: lists and the bell's screen, ${width}`, async ({ page }) => {
      test.setTimeout(150_000);
      await login(page, 'admin', width);
      const audit = startAudit(page, 'staff');
      for (const key of ADMIN_ROUTES) await audit.visit(fixedPath(key));

      // The knowledge graph (checked above): a micro topic's editor panel, then the prerequisite map.
      await navigate(page, PATHS.adminKnowledgeGraph);
      // A micro topic's row menu, open (checked as it is shown), then its Edit.
      await page
        .locator('.kg-row--micro')
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await expect(page.getByRole('menu')).toBeVisible();
      await audit.check('/admin/knowledge-graph (row actions menu)', '.kg-tree');
      await page.getByRole('menu').getByRole('menuitem', { name: 'Edit', exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await audit.check('/admin/knowledge-graph (micro topic editor)', '.kg-editor');
      await page.getByRole('button', { name: 'Close the editor' }).click();
      await page.getByRole('tab', { name: 'Prerequisite map' }).click();
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await audit.check('/admin/knowledge-graph (prerequisite map)', '[role="tabpanel"]');

      await navigate(page, PATHS.admin);
      await checkMenuAndLogout(audit, width);
      expectNoFindings(audit);
    });

    test(`admin: new and edit forms, ${width}`, async ({ page }) => {
      test.setTimeout(150_000);
      const token = await login(page, 'admin', width);
      const audit = startAudit(page, 'staff');
      const { request } = page;
      const [quiz, exam, diagnostic, question, user, school, lecture, video, live] = await Promise.all([
        firstId(request, token, '/api/admin/assessments?kind=quiz'),
        firstId(request, token, '/api/admin/assessments?kind=exam'),
        firstId(request, token, '/api/admin/assessments?kind=diagnostic'),
        firstId(request, token, '/api/admin/questions?per_page=1'),
        firstId(request, token, '/api/admin/users?per_page=1'),
        firstId(request, token, '/api/admin/schools?per_page=1'),
        firstId(request, token, '/api/admin/content/lecture?per_page=1'),
        firstId(request, token, '/api/admin/content/video?per_page=1'),
        firstId(request, token, '/api/admin/content/live-discussion?per_page=1'),
      ]);
      const ids: Record<(typeof ADMIN_ID_ROUTES)[number], number> = {
        adminUser: user,
        adminSchool: school,
        adminQuestion: question,
        adminQuiz: quiz,
        adminExam: exam,
        adminDiagnostic: diagnostic,
        adminLecture: lecture,
        adminLiveDiscussion: live,
        adminVideo: video,
        adminLearningProfile: user,
      };
      // Without an id: the new user, school, question (the question form), quiz (the assessment form) ...
      for (const key of ADMIN_ID_ROUTES) await audit.visit(idPath(key));
      for (const key of ADMIN_ID_ROUTES) await audit.visit(idPath(key, ids[key]));
      // Issue 27: an exam's live view, and its editor's "Extra time and overrides" tab.
      await audit.visit(PATHS.adminAssessmentLive(exam));
      await audit.visit(idPath('adminExam', exam));
      await page.getByRole('tab', { name: 'Extra time' }).click();
      await audit.check('/admin/exam (extra time and overrides)', '.assessment-overrides');
      expectNoFindings(audit);
    });

    test(`student, ${width}`, async ({ page }) => {
      test.setTimeout(150_000);
      const token = await login(page, 'student', width);
      const audit = startAudit(page, 'student');
      const quizzes = (await myAssessments(page.request, token, 'quiz')) as (MyAssessment & {
        last_attempt_id: string | null;
      })[];
      const reviewed = quizzes.find((q) => q.last_attempt_id)?.last_attempt_id;
      if (!reviewed) throw new Error('The demo student has no quiz attempt to review.');
      // Opening a quiz starts it: an untimed one (the quiz spec takes the first timed one), a different
      // one per width, as both run at once.
      const untimed = quizzes.filter(
        (q) => q.time_limit_minutes === null && (q.state === 'not_started' || q.state === 'in_progress'),
      );
      const open = untimed.at(width === 'phone' ? -1 : -2);
      if (!open) throw new Error('The demo student has too few untimed quizzes to open.');
      const ids: Record<(typeof STUDENT_ID_ROUTES)[number], number | string> = {
        video: await firstId(page.request, token, '/api/videos'),
        quizResult: reviewed,
        quizAnalysis: reviewed,
        quiz: open.id,
      };

      for (const key of STUDENT_ROUTES) await audit.visit(fixedPath(key));
      for (const key of STUDENT_ID_ROUTES) await audit.visit(idPath(key, ids[key]));
      await expect(page.getByRole('heading', { name: open.title, level: 1 })).toBeVisible();

      // The confirmation before a timed quiz starts, cancelled.
      await navigate(page, PATHS.quizzes);
      await page
        .getByRole('listitem')
        .filter({ hasText: /Time limit \d+ minutes/ })
        .getByRole('button', { name: 'Start', exact: true })
        .first()
        .click();
      await expect(confirmDialog(page)).toContainText('time limit of');
      await audit.check('/quizzes (start confirmation)', '[role="dialog"]');
      await confirmDialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
      await expect(confirmDialog(page)).toHaveCount(0);

      // Settings: the change-password form with the server's errors (the current password is wrong).
      await navigate(page, PATHS.settings);
      await page.locator('input[name="current_password"]').fill('not-the-password');
      await page.locator('input[name="password"]').fill('short');
      await page.locator('input[name="password_confirmation"]').fill('different');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await expect(page.locator('input[aria-invalid="true"]').first()).toBeVisible();
      await audit.check('/settings (with errors)', 'main');

      await checkMenuAndLogout(audit, width);
      expectNoFindings(audit);
    });

    test(`teacher, ${width}`, async ({ page }) => {
      test.setTimeout(120_000);
      const token = await login(page, 'teacher', width);
      const audit = startAudit(page, 'staff');
      const user = await firstId(page.request, token, '/api/admin/users?per_page=1');
      for (const key of TEACHER_ROUTES) await audit.visit(fixedPath(key));
      for (const path of [
        PATHS.adminQuiz(), // the new assessment form
        PATHS.adminExam(),
        PATHS.adminUser(user),
        PATHS.adminLearningProfile(user),
      ]) {
        await audit.visit(path);
      }
      // The assessment builder after an empty save: the error summary, the marked fields and the Save bar.
      await navigate(page, PATHS.adminQuiz());
      await page.getByRole('button', { name: 'Save quiz', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'The quiz was not saved' })).toBeVisible();
      await audit.check('/admin/quiz (with errors)', 'main');
      await checkMenuAndLogout(audit, width);
      expectNoFindings(audit);
    });

    test(`student before the diagnostic, ${width}`, async ({ page }) => {
      // Looks only: the diagnostic spec takes this account's diagnostic (which unlocks its menu), last.
      // Each axe pass takes seconds with another test running beside it: the same allowance as the others.
      test.setTimeout(90_000);
      await login(page, 'newStudent', width);
      const audit = startAudit(page, 'student');
      for (const key of NEW_STUDENT_ROUTES) await audit.visit(fixedPath(key));
      await checkMenuAndLogout(audit, width);
      expectNoFindings(audit);
    });

    test(`anonymous, ${width}`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(WIDTHS[width]);
      // Where students register, log in and reset their password.
      const audit = startAudit(page, 'student');
      await page.goto(PATHS.login);
      for (const key of ANONYMOUS_ROUTES) await audit.visit(fixedPath(key));

      // Registration with the form's own errors showing. The browser's required-field bubbles (not
      // part of the page) are switched off, so the app's messages for the empty dropdowns appear.
      await navigate(page, PATHS.registration);
      await page.getByLabel('Full name').fill('Axe Auditor');
      await page.getByLabel('E-mail').fill('axe.auditor@pathbuilder.test');
      await page.locator('input[name="password"]').fill('a-long-enough-password');
      await page.locator('input[name="password_confirmation"]').fill('a-long-enough-password');
      await page.locator('form').evaluate((form: HTMLFormElement) => (form.noValidate = true));
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByText('Please select your location.')).toBeVisible();
      await audit.check('/registration (with errors)', 'main');
      expectNoFindings(audit);
    });
  }
});
