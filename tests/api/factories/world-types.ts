import type { DialectName, TestApp } from '../helpers.ts';

/**
 * The world of the authorization tests, built by buildWorld (principals.ts): two schools side by side. Side A
 * is the demo school (Little Acorns, with the demo teacher and student), side B a school made here with a teacher and a student of its own. Each side has the
 * objects a route can name: a student, a school, a question, assessments aimed only at that school, an
 * attempt in progress and a submitted one, notifications.
 */

export const PASSWORD = 'pathbuilder-demo';

export type PrincipalName =
  'anonymous' | 'student' | 'foreignStudent' | 'teacher' | 'foreignTeacher' | 'admin';
/** In the order of the matrix's columns. */
export const PRINCIPALS: readonly PrincipalName[] = [
  'anonymous',
  'student',
  'foreignStudent',
  'teacher',
  'foreignTeacher',
  'admin',
];
export type Role = 'anonymous' | 'student' | 'teacher' | 'admin';
export type Side = 'A' | 'B';
export const otherSide = (s: Side): Side => (s === 'A' ? 'B' : 'A');

export interface Account {
  id: number;
  email: string;
  full_name: string;
  school_id: number | null;
  location_id: number | null;
}

export interface Principal {
  name: PrincipalName;
  role: Role;
  /** The side whose objects are this principal's "own". */
  home: Side;
  account: Account | null;
  token: string | null;
  /** Whose user id is "another's" for the self-service routes (/api/user/:id, notifications). */
  counterpart: PrincipalName;
}

export interface SideObjects {
  side: Side;
  school: { id: number; name: string; location_id: number };
  student: Account;
  teacher: Account;
  /** A true/false question used by this side's assessments. */
  question: number;
  microTopic: number;
  /** Published quizzes aimed only at this side's school, unlimited attempts. */
  assessments: { take: number; submit: number; done: number; edit: number };
  /** The side's student's attempt at `take`, in progress. */
  openAttempt: string;
  /** The side's student's attempt at `done`, submitted. */
  submittedAttempt: string;
}

export interface World {
  t: TestApp;
  dialect: DialectName;
  adminToken: string;
  principals: Record<PrincipalName, Principal>;
  sides: Record<Side, SideObjects>;
  /** A micro topic whose only question is in no assessment, for Test Yourself. */
  practiceMicroTopic: number;
  /** The notification ids made for each user id. */
  notifications: Map<number, number[]>;
  /** The schools each teacher principal teaches. */
  teacherSchools: (p: Principal) => number[];
  /** A new session for a principal (for routes that end the session they are called with). */
  freshToken: (p: Principal) => Promise<string>;
  /** The side's student's attempt at the side's `submit` quiz, in progress (started when there is none). */
  attemptToSubmit: (side: Side) => Promise<string>;
  /** A new unpublished quiz aimed at the side's school, nobody has attempted (for deletes). */
  freshAssessment: (side: Side) => Promise<number>;
  /** A subject, a sub topic under it and a micro topic under that, for the admin's knowledge-graph routes. */
  kg: { subject: number; subTopic: number; microTopic: number };
  freshSubject: () => Promise<number>;
  freshSubTopic: () => Promise<number>;
  freshMicroTopic: () => Promise<number>;
  freshQuestion: () => Promise<number>;
  /** A new student with no school asks to join the side's school; the pending request's id. */
  freshSchoolRequest: (side: Side) => Promise<number>;
  unique: (prefix: string) => string;
}
