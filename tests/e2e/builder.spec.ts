import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { confirmDialog, gearButton, loginAs, onPath, sidebar } from './helpers.ts';
import { adminToken, bearer } from './learning-helpers.ts';

// The assessment builder in sections with a Save bar that stays in view, and the knowledge graph's rows with
// their actions in one menu.

// The demo teacher teaches at this one school only.
const DEMO_SCHOOL = 'Little Acorns Early Learning Centre (Springfield)';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

/** The Save bar's Save button is on screen and nothing covers its middle. */
async function expectInView(page: Page, save: Locator): Promise<void> {
  await expect(save).toBeInViewport({ ratio: 1 });
  const box = (await save.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).toBe('Save quiz');
}

/** Scrolls the content to the middle of the form and says where its top and bottom are. */
async function scrollToMiddle(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Quiz settings' });
  await form.evaluate((el) => {
    const scroller = el.closest('.content')!;
    scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) / 2;
  });
  // Really in the middle: the title (top) and the review policy (bottom) are both off screen.
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).not.toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Marking & review', exact: true })).not.toBeInViewport();
}

test('a teacher with one school: it is chosen already, an empty save names every problem, Save stays in view', async ({
  page,
}) => {
  // Signed in at the default width, where the sign-in helper finds the sidebar open; then a phone.
  await loginAs(page, 'teacher');
  await page.setViewportSize(PHONE);
  await page.goto('/admin/quiz');
  await expect(page.getByRole('heading', { name: 'New quiz', level: 1 })).toBeVisible();

  // Their only school is chosen and shown.
  const who = page.getByRole('region', { name: 'Who takes it' });
  await expect(who.getByText(DEMO_SCHOOL, { exact: true })).toBeVisible();

  const save = page.getByRole('button', { name: 'Save quiz', exact: true });
  const bar = page.getByRole('group', { name: 'Save' });
  await expect(bar.getByRole('status')).toHaveText('No changes yet');
  await expect(bar.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();

  // The Save bar is in view with the form scrolled to its middle, on a phone and on a desktop.
  await scrollToMiddle(page);
  await expectInView(page, save);
  await page.setViewportSize(DESKTOP);
  await scrollToMiddle(page);
  await expectInView(page, save);
  await page.setViewportSize(PHONE);

  // An empty save: every problem at once, the summary at the top, the focus on the first field.
  await save.click();
  const summary = page.getByRole('alert').filter({ hasText: 'The quiz was not saved' });
  await expect(summary.getByRole('heading')).toHaveText('The quiz was not saved: 2 things need fixing');
  await expect(summary.getByRole('link')).toHaveText([
    'Title: The title must be at least 3 characters.',
    'Questions: Choose at least one question.',
  ]);
  const title = page.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toBeFocused();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('region', { name: 'Questions' })).toContainText(
    'Choose at least one question.',
  );
  await expect(bar.getByRole('status')).toHaveText('Not saved: 2 things need fixing');
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link')).toHaveText([
    'Details (1 problem)',
    'Questions (1 problem)',
    'Schedule & attempts',
    'Who takes it',
    'Marking & review',
  ]);
  // A summary link leads to its field.
  await summary.getByRole('link', { name: /^Questions:/ }).click();
  await expect(page.getByRole('region', { name: 'Questions' }).locator(':focus')).toHaveCount(1);
  // Nothing was saved: still the new quiz.
  await expect(page).toHaveURL(onPath('/admin/quiz'));
});

test('a knowledge-graph row’s menu moves a micro topic up, and Delete asks first', async ({ page }) => {
  const headers = bearer(await adminToken(page.request));
  const graph = (await (await page.request.get('/api/knowledge-graph', { headers })).json()) as {
    subjects: { sub_topics: { name: string; micro_topics: { name: string }[] }[] }[];
  };
  // A sub topic with at least two micro topics: its second one moves up, then back down.
  const subTopic = graph.subjects.flatMap((s) => s.sub_topics).find((t) => t.micro_topics.length >= 2)!;
  const [first, second] = subTopic.micro_topics.map((m) => m.name) as [string, string];

  await loginAs(page, 'admin');
  await gearButton(page).click();
  await sidebar(page).getByRole('link', { name: 'Manage Knowledge Graph', exact: true }).click();
  await expect(page).toHaveURL(onPath('/admin/knowledge-graph'));

  // The sub topic's rows, each with one actions button (no row of buttons with a delete beside the arrows).
  const topic = page
    .locator('li.kg-sub-topic')
    .filter({ has: page.getByRole('heading', { name: subTopic.name, exact: true, level: 3 }) })
    .first();
  // The tree has loaded (the checks below would pass on an empty page).
  await expect(topic.getByRole('button', { name: `Actions for ${second}`, exact: true })).toBeVisible();
  await expect(topic.getByRole('button', { name: `Move ${second} up` })).toHaveCount(0);
  await expect(topic.getByRole('button', { name: `Delete ${second}` })).toHaveCount(0);
  const order = () =>
    topic
      .getByRole('button', { name: /^Actions for / })
      .evaluateAll((buttons) =>
        buttons.map((b) => b.getAttribute('aria-label')!.replace('Actions for ', '')),
      );
  const names = subTopic.micro_topics.map((m) => m.name);
  await expect.poll(order).toEqual([subTopic.name, ...names]);
  const actions = topic.getByRole('button', { name: `Actions for ${second}`, exact: true });
  const menu = page.getByRole('menu', { name: `Actions for ${second}` });

  // By keyboard: open the menu, down to Move up, Enter.
  await actions.focus();
  await page.keyboard.press('Enter');
  await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Move up', 'Move down', 'Delete']);
  await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Move up' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect.poll(order).toEqual([subTopic.name, second, first, ...names.slice(2)]);
  // The moved row's menu button keeps the focus, so it can be moved again.
  await expect(actions).toBeFocused();

  // Back down with the mouse, which leaves the demo graph as it was.
  await actions.click();
  await menu.getByRole('menuitem', { name: 'Move down' }).click();
  await expect.poll(order).toEqual([subTopic.name, ...names]);

  // Delete is last, apart, and asks before anything goes; Cancel keeps the topic.
  await actions.click();
  await expect(menu.getByRole('separator')).toHaveCount(1);
  await menu.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = confirmDialog(page);
  await expect(confirm).toContainText(`Delete the micro topic "${second}"?`);
  await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(actions).toBeVisible();

  // Escape closes the menu and gives the focus back to its button.
  await actions.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(actions).toBeFocused();
});
