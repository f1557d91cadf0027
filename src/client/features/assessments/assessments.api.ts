import { z } from 'zod';
import { ADMIN_SCHOOL_PATHS, adminSchoolsResponseSchema } from '../../../shared/contracts/admin-schools.ts';
import type { AdminSchool } from '../../../shared/contracts/admin-schools.ts';
import {
  ASSESSMENT_PATHS,
  assessmentResponseSchema,
  assessmentsResponseSchema,
  staffAttemptsResponseSchema,
} from '../../../shared/contracts/assessments.ts';
import type {
  Assessment,
  AssessmentBody,
  AssessmentKind,
  StaffAttempt,
} from '../../../shared/contracts/assessments.ts';
import {
  OVERRIDE_PATHS,
  overrideResponseSchema,
  overridesResponseSchema,
} from '../../../shared/contracts/overrides.ts';
import type { Override, OverrideBody } from '../../../shared/contracts/overrides.ts';
import { questionSchema } from '../../../shared/contracts/questions.ts';
import type { Question } from '../../../shared/contracts/questions.ts';
import { delJson, getJson, postJson, putJson } from '../../lib/http.ts';
import { freshJson } from '../../lib/fresh-get.ts';

const previewSchema = z.object({ questions: z.array(questionSchema) });
const SCHOOLS_PER_PAGE = 100;
const MAX_SCHOOL_PAGES = 20;

export type AssessmentPage = { data: Assessment[]; total: number; page: number; perPage: number };

export async function fetchAssessments(
  query: { kind: AssessmentKind; page: number; perPage: number; search?: string },
  signal?: AbortSignal,
): Promise<AssessmentPage> {
  const { data, meta } = await getJson(ASSESSMENT_PATHS.list, {
    query: { kind: query.kind, page: query.page, per_page: query.perPage, search: query.search },
    signal,
    schema: assessmentsResponseSchema,
  });
  return { data, total: meta.total, page: meta.page, perPage: meta.per_page };
}

export async function fetchAssessment(id: number | string, signal?: AbortSignal): Promise<Assessment> {
  return (await freshJson(ASSESSMENT_PATHS.one(id), assessmentResponseSchema, signal)).assessment;
}

/** The questions as planned (fixed) or the pool drawn from (random), with answer keys. */
export async function fetchAssessmentPreview(id: number | string, signal?: AbortSignal): Promise<Question[]> {
  return (await freshJson(ASSESSMENT_PATHS.preview(id), previewSchema, signal)).questions;
}

/** Its attempts, with who used the offline grace; always fresh (results change as students submit). */
export async function fetchAssessmentAttempts(id: number, signal?: AbortSignal): Promise<StaffAttempt[]> {
  return (await freshJson(ASSESSMENT_PATHS.attempts(id), staffAttemptsResponseSchema, signal)).data;
}

export async function createAssessment(body: AssessmentBody): Promise<Assessment> {
  return (await postJson(ASSESSMENT_PATHS.list, body, { schema: assessmentResponseSchema })).assessment;
}

export async function updateAssessment(id: number, body: AssessmentBody): Promise<Assessment> {
  return (await putJson(ASSESSMENT_PATHS.one(id), body, { schema: assessmentResponseSchema })).assessment;
}

export async function deleteAssessment(id: number): Promise<void> {
  await delJson(ASSESSMENT_PATHS.one(id));
}

/** Every school the user may aim an assessment at (a teacher gets only theirs), all pages. */
export async function fetchTargetSchools(signal?: AbortSignal): Promise<AdminSchool[]> {
  const schools: AdminSchool[] = [];
  for (let page = 1; page <= MAX_SCHOOL_PAGES; page++) {
    const { data, meta } = await getJson(ADMIN_SCHOOL_PATHS.list, {
      query: { page, per_page: SCHOOLS_PER_PAGE },
      signal,
      schema: adminSchoolsResponseSchema,
    });
    schools.push(...data);
    if (page * SCHOOLS_PER_PAGE >= meta.total || data.length === 0) break;
  }
  return schools;
}

/** Its overrides (extra time, close date, attempts) per student and school; always fresh. */
export async function fetchOverrides(id: number, signal?: AbortSignal): Promise<Override[]> {
  return (await freshJson(OVERRIDE_PATHS.list(id), overridesResponseSchema, signal)).data;
}

/** Gives one student (or, with `school`, one school) this override; it replaces any they had. */
export async function putOverride(
  id: number,
  target: { userId: number } | { schoolId: number },
  body: OverrideBody,
): Promise<Override> {
  const path =
    'userId' in target
      ? OVERRIDE_PATHS.student(id, target.userId)
      : OVERRIDE_PATHS.school(id, target.schoolId);
  return (await putJson(path, body, { schema: overrideResponseSchema })).override;
}

export async function deleteOverride(id: number, target: { userId: number } | { schoolId: number }) {
  await delJson(
    'userId' in target
      ? OVERRIDE_PATHS.student(id, target.userId)
      : OVERRIDE_PATHS.school(id, target.schoolId),
  );
}
