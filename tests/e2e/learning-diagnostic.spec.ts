import { expect, test } from '@playwright/test';
import { confirmDialog, expectMenu, loginAs, onPath, sidebar, STUDENT_MENU } from './helpers.ts';
import { answerQuestions, questionCard, questionTotal } from './learning-helpers.ts';

// The demo's new.student@pathbuilder.test itself. Taking the diagnostic unlocks that account for good, so
// playwright.config.ts runs this spec in its own project after every other spec (the navigation spec
// checks that the same account's menu is still locked).
test('new.student takes the whole diagnostic and the student menu unlocks without logging in again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'newStudent');
  await expectMenu(page, [['Dashboard', '/']]);

  await page.getByRole('link', { name: 'Take the diagnostic' }).click();
  await expect(page).toHaveURL(onPath('/start'));
  await expect(page).toHaveTitle('Start | Pathbuilder');
  await page.getByRole('button', { name: 'Start the diagnostic' }).click();
  await expect(page).toHaveURL(/\/quiz\/\d+$/);
  await expect(questionCard(page)).toHaveAccessibleName(/^Question 1 of \d+$/);

  const total = await questionTotal(page);
  expect(total).toBeGreaterThanOrEqual(5);
  await answerQuestions(page, 1, total);

  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(confirmDialog(page)).toContainText('Submit your answers now?');
  await confirmDialog(page).getByRole('button', { name: 'Yes', exact: true }).click();

  await expect(page).toHaveURL(onPath('/diagnostic-results'));
  await expect(page.getByRole('heading', { name: 'Diagnostic results', level: 1 })).toBeVisible();
  // The menu opened up in this same session.
  await expectMenu(page, STUDENT_MENU);
  // One bar per subject; the diagnostic covers every subject of the catalogue.
  await expect(page.getByRole('meter')).toHaveCount(5);
  await expect(page.getByRole('table').first()).toBeVisible();

  // The dashboard now shows the diagnostic among the latest results, not the call to action.
  await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Latest results' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take the diagnostic' })).toHaveCount(0);
});
