import {
  ASSIGN_PRACTICE_PATH,
  assignPracticeResponseSchema,
  type AssignPractice,
} from '../../../shared/contracts/practice-assignments.ts';
import { postJson } from '../../lib/http.ts';

/** Sends the student practice on these topics (a notification that opens Test Yourself with them ticked). */
export const assignPractice = (studentId: number, body: AssignPractice) =>
  postJson(ASSIGN_PRACTICE_PATH(studentId), body, { schema: assignPracticeResponseSchema });
