import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Frame, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { PATHS } from '../../src/client/shell/paths.ts';
import type { DemoRole } from './helpers.ts';
import { confirmDialog, loginAs, logoutEntry, onPath, sidebar } from './helpers.ts';
import { bearer } from './learning-helpers.ts';

// The audit a11y.spec.ts runs: who sees which route, and how a screen is checked (axe-core, WCAG 2.1 AA).

export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
export const WIDTHS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type Width = keyof typeof WIDTHS;

export type PathKey = keyof typeof PATHS;
export type FixedKey = { [K in PathKey]: (typeof PATHS)[K] extends string ? K : never }[PathKey];
export type IdKey = Exclude<PathKey, FixedKey>;

// Who sees which route (spec 2.1-2.3). The routes with an id get real ids from the API.
export const ANONYMOUS_ROUTES: readonly FixedKey[] = [
  'login',
  'registration',
  'resetPassword',
  'verifyEmail',
];
export const STUDENT_ROUTES: readonly FixedKey[] = [
  'dashboard',
  'quizzes',
  'start',
  'exams',
  'resources',
  'files',
  'fileView',
  'testYourself',
  'profileRecord',
  'live',
  'lectures',
  'videos',
  'learningProfile',
  'accounts',
  'support',
  'settings',
  'notifications',
  'learningPathway',
  'diagnosticResults',
];
export const STUDENT_ID_ROUTES = [
  'video',
  'quizResult',
  'quizAnalysis',
  'quiz',
] as const satisfies readonly IdKey[];
export const NEW_STUDENT_ROUTES: readonly FixedKey[] = ['dashboard', 'start', 'accounts', 'settings'];
export const TEACHER_ROUTES: readonly FixedKey[] = [
  'admin',
  'adminSchools',
  'adminUsers',
  'adminAnnouncements',
  'adminQuizzes',
  'adminExams',
  'adminVideos',
  'adminResources',
  'adminLiveDiscussions',
  'adminReports',
];
export const ADMIN_ROUTES: readonly FixedKey[] = [
  'admin',
  'adminUsersRole',
  'adminUsers',
  'adminSchools',
  'adminKnowledgeGraph',
  'adminQuestions',
  'adminAnnouncements',
  'adminQuizzes',
  'adminExams',
  'adminDiagnostics',
  'adminLectures',
  'adminLiveDiscussions',
  'adminVideos',
  'adminResources',
  'adminReports',
  'notifications', // the bell's screen
];
/** Opened without an id (the "new" forms) and with one. */
export const ADMIN_ID_ROUTES = [
  'adminUser',
  'adminSchool',
  'adminQuestion',
  'adminQuiz',
  'adminExam',
  'adminDiagnostic',
  'adminLecture',
  'adminLiveDiscussion',
  'adminVideo',
  'adminLearningProfile',
] as const satisfies readonly IdKey[];

/** Opened only with an id (the staff audit visits them with a seeded exam's). */
export const ADMIN_ID_ONLY_ROUTES = ['adminAssessmentLive'] as const satisfies readonly IdKey[];

export const fixedPath = (key: FixedKey): string => PATHS[key];
export const idPath = (key: IdKey, id?: number | string): string =>
  (PATHS[key] as (id?: number | string) => string)(id);

export type Finding = { where: string; rule: string; impact: string; help: string; targets: string[] };

/** Impacts that fail a staff screen; on a student screen every impact fails. */
export const FAILING_ON_STAFF_SCREENS = new Set(['serious', 'critical']);

/** A frame whose document is not of the page's origin (about:blank and srcdoc frames count as other). */
function frameOfOtherOrigin(frame: Frame, page: Page): boolean {
  if (frame === page.mainFrame()) return false;
  const url = URL.parse(frame.url());
  return url === null || url.origin !== new URL(page.url()).origin;
}

/** One role at one width: runs axe where asked and keeps every finding. */
export class Audit {
  readonly findings: Finding[] = [];
  readonly page: Page;
  /** A student screen: a finding of any impact fails. */
  readonly strict: boolean;
  constructor(page: Page, strict: boolean) {
    this.page = page;
    this.strict = strict;
  }

  /** Checks the page, or only `scope` (a dialog, the menu) when the rest was checked already. */
  async check(where: string, scope?: string): Promise<void> {
    const builder = new AxeBuilder({ page: this.page });
    // axe.run in the page itself audits the page and every frame of its origin. The builder's default
    // (axe.runPartial in each frame, then axe.finishRun in a blank page it opens and closes for every check)
    // is needed only to reach into a frame of another origin (an embedded external video), and costs about
    // twice the time: so that one only where such a frame is present.
    if (!this.page.frames().some((frame) => frameOfOtherOrigin(frame, this.page))) builder.setLegacyMode();
    if (scope) builder.include(scope);
    const results = await builder
      // Off by default (axe tags it experimental), yet it is WCAG 2.1 A: 2.5.3 Label in Name.
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .withTags(WCAG_21_AA)
      .analyze();
    for (const v of results.violations) {
      this.findings.push({
        where,
        rule: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        targets: v.nodes.map(
          (n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
        ),
      });
    }
  }

  /** Goes to `path` the way the app's links do (no reload), waits until the page is shown, checks it. */
  async visit(path: string): Promise<void> {
    await navigate(this.page, path);
    await this.check(path);
  }

  /** The findings that fail this audit. */
  failing(): Finding[] {
    return this.strict ? this.findings : this.findings.filter((f) => FAILING_ON_STAFF_SCREENS.has(f.impact));
  }

  report(findings: Finding[] = this.findings): string[] {
    return findings.flatMap((f) => [
      `${f.where} — ${f.rule} (${f.impact}, ${f.targets.length}): ${f.help}`,
      ...f.targets.slice(0, 6).map((t) => `    ${t}`),
      ...(f.targets.length > 6 ? [`    … and ${f.targets.length - 6} more`] : []),
    ]);
  }
}

/**
 * Client-side navigation through the router (a history entry and a popstate, as Back does): much
 * quicker than reloading the app for each of ~100 screens. The page-load boundary is keyed by pathname,
 * so the new page is the `.page` element not marked as the one left behind.
 */
export async function navigate(page: Page, path: string): Promise<void> {
  if (new URL(page.url()).pathname === path) {
    await page.goto(path);
  } else {
    await page.locator('main > .page').evaluate((el) => el.setAttribute('data-left', ''));
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }
  await expect(page).toHaveURL(onPath(path));
  await expect(page.locator('main > .page:not([data-left])'), `${path} loaded`).toHaveAttribute(
    'data-status',
    'loaded',
  );
  await expect(page.locator('main .loading'), `${path} has no spinner left`).toHaveCount(0);
}

export async function firstId(request: APIRequestContext, token: string, url: string): Promise<number> {
  const response = await request.get(url, { headers: bearer(token) });
  expect(response.status(), url).toBe(200);
  const { data } = (await response.json()) as { data: { id: number }[] };
  if (!data[0]) throw new Error(`${url} lists nothing.`);
  return data[0].id;
}

export async function login(page: Page, role: DemoRole, width: Width): Promise<string> {
  // loginAs waits for the sidebar, which a phone only shows once opened: log in wide, then narrow.
  await page.setViewportSize(WIDTHS.desktop);
  const token = await loginAs(page, role);
  if (width === 'phone') {
    await page.setViewportSize(WIDTHS.phone);
    await expect(sidebar(page)).toBeHidden();
  }
  return token;
}

/** The menu (opened first on a phone, where it starts closed) and the logout confirmation, cancelled. */
export async function checkMenuAndLogout(audit: Audit, width: Width): Promise<void> {
  const { page } = audit;
  if (width === 'phone') {
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(sidebar(page)).toBeVisible();
    await audit.check('menu (open on a phone)', '#main-menu');
  }
  await logoutEntry(page).click();
  await expect(confirmDialog(page)).toContainText('Are you sure you want to logout?');
  await audit.check('logout confirmation', '[role="dialog"]');
  await confirmDialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(confirmDialog(page)).toHaveCount(0);
}

let current: Audit | undefined;
/** `screens`: whose screens these are; a student's (and the signed-out ones) fail on any finding. */
export const startAudit = (page: Page, screens: 'student' | 'staff') =>
  (current = new Audit(page, screens === 'student'));

export function expectNoFindings(audit: Audit): void {
  const lines = audit.report(audit.failing());
  const which = audit.strict ? 'any impact (student screens)' : 'serious and critical (staff screens)';
  expect(lines, `axe, WCAG 2.1 AA, ${which}:\n${lines.join('\n')}`).toEqual([]);
}

/** The findings of the audit a test started (and forgets it, for the next test): for its report. */
export function takeFindings(): string[] {
  const lines = current?.report() ?? [];
  current = undefined;
  return lines;
}
