import { expect, test } from '@playwright/test';
import {
  ADMIN_MENU,
  STUDENT_MENU,
  TEACHER_MENU,
  bellButton,
  expectMenu,
  gearButton,
  loginAs,
  logoutEntry,
  onPath,
  sidebar,
  topBar,
} from './helpers.ts';

test('an admin sees the bell and the gear, and the gear opens the full admin menu', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(topBar(page)).toContainText('Hi, ');
  await expect(bellButton(page)).toBeVisible();
  await expect(gearButton(page)).toBeVisible();

  await gearButton(page).click();
  await expect(page).toHaveURL(onPath('/admin'));
  await expect(page).toHaveTitle('Admin Dashboard | Pathbuilder');
  await expectMenu(page, ADMIN_MENU);
  await expect(logoutEntry(page)).toBeVisible();
});

test('a teacher sees the gear but no bell, and only the teacher part of the admin menu', async ({ page }) => {
  await loginAs(page, 'teacher');
  await expect(gearButton(page)).toBeVisible();
  await expect(bellButton(page)).toHaveCount(0);

  await page.goto('/admin/users');
  await expect(page).toHaveTitle(/ \| Pathbuilder$/);
  await expectMenu(page, TEACHER_MENU);
  await expect(logoutEntry(page)).toBeVisible();
});

test('a student who took the diagnostic sees the whole student menu and neither bell nor gear', async ({
  page,
}) => {
  await loginAs(page, 'student');
  await expect(topBar(page)).toContainText('Hi, ');
  await expect(bellButton(page)).toHaveCount(0);
  await expect(gearButton(page)).toHaveCount(0);
  await expectMenu(page, STUDENT_MENU);
  await expect(logoutEntry(page)).toBeVisible();
});

test('a student who has not taken the diagnostic sees only Dashboard', async ({ page }) => {
  await loginAs(page, 'newStudent');
  await expectMenu(page, [['Dashboard', '/']]);
  await expect(bellButton(page)).toHaveCount(0);
  await expect(gearButton(page)).toHaveCount(0);
});

test('the menu marks where you are and moves you between screens with their titles', async ({ page }) => {
  await loginAs(page, 'student');
  const menu = sidebar(page);
  await menu.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(onPath('/settings'));
  await expect(page).toHaveTitle('Settings | Pathbuilder');
  await expect(menu.getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(menu.getByRole('link', { name: 'Dashboard', exact: true })).not.toHaveAttribute(
    'aria-current',
    'page',
  );

  await menu.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(onPath('/accounts'));
  await expect(page).toHaveTitle('Account | Pathbuilder');

  await menu.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(onPath('/'));
  await expect(page).toHaveTitle('Dashboard | Pathbuilder');
});

test('an unknown address, when logged in, lands on the dashboard', async ({ page }) => {
  await loginAs(page, 'student');
  await page.goto('/this/page/does-not-exist');
  await expect(page).toHaveURL(onPath('/'));
  await expect(page).toHaveTitle('Dashboard | Pathbuilder');
});

test('the sidebar can be closed and opened again with the menu toggle', async ({ page }) => {
  await loginAs(page, 'student');
  const toggle = page.getByRole('button', { name: 'Toggle menu', exact: true });
  // Not in the viewport covers both ways of closing it: removed from view or slid off-canvas.
  await expect(sidebar(page)).toBeInViewport();
  await toggle.click();
  await expect(sidebar(page)).not.toBeInViewport();
  await toggle.click();
  await expect(sidebar(page)).toBeInViewport();
});
