import { expect, test } from '@playwright/test';
import { confirmDialog, loginAs } from './helpers.ts';

test('an admin finds a user by search, adds a user and deactivates them', async ({ page }) => {
  // Four screens and three writes: about 9 s alone, over 30 s on a loaded 2-core CI run (as the other long flows).
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  await page.goto('/admin/users');
  await expect(page).toHaveTitle('Manage Users | Pathbuilder');
  const users = page.getByRole('table', { name: 'Users' });

  // Finding someone by part of their name.
  await page.getByLabel('Search').fill('jordan');
  await expect(page).toHaveURL(/search=jordan/);
  await expect(users.getByRole('row')).toHaveCount(2);
  await expect(users.getByRole('cell', { name: 'new.student@pathbuilder.test' })).toBeVisible();

  // A new user: invited by e-mail, then opened for editing.
  const email = `e2e.users.${Date.now()}@pathbuilder.test`;
  await page.getByRole('link', { name: 'New user' }).click();
  await expect(page).toHaveTitle('User | Pathbuilder');
  await expect(page.getByRole('heading', { name: 'New user' })).toBeVisible();
  await page.getByLabel('Full name').fill('Robin Example');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Location').fill('Springfield');
  await page.keyboard.press('Enter');
  await page.getByLabel('School', { exact: true }).fill('Little Acorns');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('Robin Example was created and invited by e-mail.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit user' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/user\/\d+$/);

  // Deactivating asks first, then signs them out for good.
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirmDialog(page)).toContainText('Deactivate Robin Example?');
  await confirmDialog(page).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to users' }).click();
  await page.getByLabel('Search').fill(email);
  const row = users.getByRole('row', { name: /Robin Example/ });
  await expect(row).toContainText('Deactivated');
  await expect(row).toContainText('Little Acorns Early Learning Centre');
});
