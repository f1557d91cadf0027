import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { fillLoginForm } from './helpers.ts';
import {
  adminToken,
  apiLogin,
  bearer,
  registerStudent,
  takeDiagnosticThroughApi,
} from './learning-helpers.ts';

// What phone-media.spec.ts needs: a student of a school of their own (diagnostic taken), signing in, sizes.

/** A new school, a student registered there with the diagnostic taken, and the admin's headers. */
export async function newStudent(request: APIRequestContext) {
  const headers = bearer(await adminToken(request));
  const { data: locations } = (await (await request.get('/api/lookups/locations')).json()) as {
    data: { id: number }[];
  };
  const schoolName = `Phone Media Preschool ${Date.now()}`;
  const school = await request.post('/api/admin/schools', {
    headers,
    data: { name: schoolName, location_id: locations[0]!.id },
  });
  expect(school.status(), await school.text()).toBeLessThan(300);
  const { school: made } = (await school.json()) as { school: { id: number } };
  const password = 'phone-media-learner-24';
  const email = await registerStudent(request, { password, schoolName });
  const token = await apiLogin(request, email, password);
  await takeDiagnosticThroughApi(request, token);
  return { email, password, token, schoolId: made.id, admin: headers };
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await fillLoginForm(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname !== '/login');
}

export async function height(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box, 'rendered').not.toBeNull();
  return box!.height;
}
