import { expect, test } from '@playwright/test';
import { confirmDialog, expectMenu, loginAs, onPath, sidebar, STUDENT_MENU, topBar } from './helpers.ts';
import { answerSomehow, questionCard, questionTotal } from './learning-helpers.ts';

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
  // It draws from the whole bank (195 questions) and asks 25 at most: the student is told the most.
  await expect(page.getByText('Up to 25 questions', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Start the diagnostic' }).click();
  await expect(page).toHaveURL(/\/quiz\/\d+$/);
  await expect(questionCard(page)).toHaveAccessibleName('Question 1 · up to 25');
  // It asks for "I don't know" over a guess, right by the button.
  await expect(page.getByRole('button', { name: "I don't know" })).toHaveAccessibleDescription(
    "Not sure? Choose I don't know: it makes your path more accurate",
  );
  await expect(
    page.getByText("Not sure? Choose I don't know: it makes your path more accurate"),
  ).toBeVisible();
  // The top bar names what this is; the document keeps the route's title (spec: /quiz/{id} is "Quiz").
  await expect(topBar(page).getByRole('heading', { level: 1 })).toHaveText('Diagnostic');
  await expect(page).toHaveTitle('Quiz | Pathbuilder');

  const total = await questionTotal(page);
  expect(total).toBe(25);
  // The diagnostic is adaptive: each answer decides the next question, until it says we are done (at the
  // latest after the last question). The first is honestly "I don't know"; then answer as best we can.
  const done = page.getByRole('heading', { name: "You're done" });
  await page.getByRole('button', { name: "I don't know" }).click();
  for (let n = 2; n <= total; n += 1) {
    await expect(questionCard(page).or(done)).toBeVisible();
    if (await done.isVisible()) break;
    await expect(questionCard(page)).toHaveAccessibleName(`Question ${n} · up to ${total}`);
    await expect(page.getByText(`${n - 1} of at most ${total} answered.`)).toBeVisible();
    await answerSomehow(page);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await expect(done).toBeVisible();
  // It may end well before the most it could ask; the bar is full and the words say why.
  await expect(page.getByRole('progressbar', { name: 'Diagnostic progress' })).toHaveJSProperty(
    'position',
    1,
  );
  await expect(page.getByText(/answered: that is enough to know where you stand\.$/)).toBeVisible();

  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(confirmDialog(page)).toContainText('Submit your answers now?');
  await confirmDialog(page).getByRole('button', { name: 'Yes', exact: true }).click();

  await expect(page).toHaveURL(onPath('/diagnostic-results'));
  await expect(
    page.getByRole('heading', { name: 'Diagnostic results', level: 1, exact: true }),
  ).toBeVisible();
  // The menu opened up in this same session.
  await expectMenu(page, STUDENT_MENU);
  // Every subject of the catalogue, in the words of a starting point: ready to learn or locked.
  await expect(page.getByRole('list', { name: 'Subjects' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('region', { name: 'Your starting point' })).toContainText(
    /ready to learn|know every topic|starts with the basics/,
  );
  await expect(page.getByRole('main')).not.toContainText(/\bfailed\b|\bpassed\b/i);
  await expect(page.getByRole('table')).toHaveCount(0);

  // The dashboard now shows the diagnostic among the latest results, not the call to action.
  await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Latest results' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take the diagnostic' })).toHaveCount(0);
});
