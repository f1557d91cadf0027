import { expect, test } from '@playwright/test';
import { loginAs } from './helpers.ts';

// Issue 24, the back office at a desk: new content starts published, and a live discussion's time is typed
// without a clock face opening over the Ends field (react-datetime-picker).

test.use({
  viewport: { width: 1280, height: 800 },
  hasTouch: false,
  isMobile: false,
  deviceScaleFactor: 1,
});

test('new lectures, videos and live discussions start published; typing a time opens no clock over Ends', async ({
  page,
}) => {
  await loginAs(page, 'admin');
  for (const path of ['/admin/lecture', '/admin/video', '/admin/live-discussion']) {
    await page.goto(path);
    await expect(page.getByLabel('Published (students can see it)'), path).toBeChecked();
  }

  const starts = page.getByRole('group', { name: 'Starts' });
  const ends = page.getByRole('group', { name: 'Ends' });
  await starts.getByRole('spinbutton', { name: 'Hour' }).click();
  await page.keyboard.type('09');
  // Nothing pops up over the next field: the Ends field is what is under its own middle.
  await expect(page.locator('.react-clock')).toHaveCount(0);
  await expect(page.locator('.react-calendar')).toHaveCount(0);
  const box = (await ends.locator('.react-datetime-picker__wrapper').boundingBox())!;
  const onTop = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('[role="group"]')?.textContent ?? '',
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(onTop).toContain('Ends');
  // The calendar still opens from its button.
  await starts.getByRole('button', { name: 'Toggle calendar' }).click();
  await expect(page.locator('.react-calendar')).toBeVisible();
});
