import type {
  Assessment,
  AssessmentBody,
  AssessmentKind,
  ReviewPolicy,
} from '../../../shared/contracts/assessments.ts';
import type { Question } from '../../../shared/contracts/questions.ts';

export type DrawDraft = { key: number; micro_topic_id: number | null; count: string };

/**
 * The editor's state. Numbers stay as typed text until saving, so a half-typed value is never replaced;
 * both selection modes keep their part, so switching between them loses nothing.
 */
export type AssessmentDraft = {
  title: string;
  description: string;
  selection: 'fixed' | 'random';
  /** Fixed selection, in order (whole questions, to show what was chosen). */
  questions: Question[];
  draws: DrawDraft[];
  shuffle_questions: boolean;
  shuffle_options: boolean;
  time_limit_minutes: string;
  opens_at: Date | null;
  closes_at: Date | null;
  unlimited_attempts: boolean;
  attempts_allowed: string;
  pass_mark: string;
  review_policy: ReviewPolicy;
  offline_grace_minutes: string;
  school_ids: number[];
  published: boolean;
  /**
   * An exam: use questions whose answers Test Yourself has shown anyway, ticked after the server named them.
   * Never stored; it covers only the questions it was ticked for (patchDraft clears it when they change).
   */
  confirm_exposed: boolean;
};

/** `patch` applied; a change of the questions or of who takes it asks for the confirmation again. */
/** A draw row nobody filled in: it is left out of the save instead of blocking it. */
export const isBlankDraw = (d: DrawDraft): boolean =>
  d.micro_topic_id === null && (d.count.trim() === '' || d.count.trim() === '1');

export function patchDraft(draft: AssessmentDraft, patch: Partial<AssessmentDraft>): AssessmentDraft {
  const next = { ...draft, ...patch };
  const changed = (['selection', 'questions', 'draws', 'school_ids'] as const).some(
    (k) => k in patch && JSON.stringify(patch[k]) !== JSON.stringify(draft[k]),
  );
  return changed && !('confirm_exposed' in patch) ? { ...next, confirm_exposed: false } : next;
}

let drawKey = 0;
export const newDraw = (micro_topic_id: number | null = null, count = '1'): DrawDraft => ({
  key: ++drawKey,
  micro_topic_id,
  count,
});

/** `school_ids`: preselected (a teacher's only school). */
export function emptyAssessmentDraft(school_ids: number[] = []): AssessmentDraft {
  return {
    title: '',
    description: '',
    selection: 'fixed',
    questions: [],
    draws: [newDraw()],
    shuffle_questions: false,
    shuffle_options: false,
    time_limit_minutes: '',
    opens_at: null,
    closes_at: null,
    unlimited_attempts: false,
    attempts_allowed: '1',
    pass_mark: '60',
    review_policy: 'after_submit',
    offline_grace_minutes: '10',
    school_ids,
    published: false,
    confirm_exposed: false,
  };
}

/** `questions`: the fixed questions in order (from the preview call). */
export function draftFromAssessment(a: Assessment, questions: Question[]): AssessmentDraft {
  const order = new Map(a.question_ids.map((id, i) => [id, i]));
  return {
    title: a.title,
    description: a.description,
    selection: a.selection,
    questions:
      a.selection === 'fixed'
        ? questions.filter((q) => order.has(q.id)).sort((x, y) => order.get(x.id)! - order.get(y.id)!)
        : [],
    draws: a.draws.length ? a.draws.map((d) => newDraw(d.micro_topic_id, String(d.count))) : [newDraw()],
    shuffle_questions: a.shuffle_questions,
    shuffle_options: a.shuffle_options,
    time_limit_minutes: a.time_limit_minutes === null ? '' : String(a.time_limit_minutes),
    opens_at: a.opens_at ? new Date(a.opens_at) : null,
    closes_at: a.closes_at ? new Date(a.closes_at) : null,
    unlimited_attempts: a.attempts_allowed === null,
    attempts_allowed: a.attempts_allowed === null ? '1' : String(a.attempts_allowed),
    pass_mark: String(a.pass_mark),
    review_policy: a.review_policy,
    offline_grace_minutes: String(a.offline_grace_minutes),
    school_ids: [...a.school_ids],
    published: a.published,
    confirm_exposed: false,
  };
}

const toNumber = (text: string) => Number(text.trim());

/**
 * The body of POST/PUT /api/admin/assessments: every setting of assessmentBodySchema. Blank draw rows (no
 * micro topic, count untouched) are left out rather than refused.
 */
export function assessmentBodyOf(draft: AssessmentDraft, kind: AssessmentKind): AssessmentBody {
  const fixed = draft.selection === 'fixed';
  return {
    kind,
    title: draft.title,
    description: draft.description,
    selection: draft.selection,
    question_ids: fixed ? draft.questions.map((q) => q.id) : [],
    draws: fixed
      ? []
      : draft.draws
          .filter((d) => !isBlankDraw(d))
          .map((d) => ({
            micro_topic_id: (d.micro_topic_id ?? undefined) as number,
            count: toNumber(d.count),
          })),
    shuffle_questions: draft.shuffle_questions,
    shuffle_options: draft.shuffle_options,
    time_limit_minutes: draft.time_limit_minutes.trim() ? toNumber(draft.time_limit_minutes) : null,
    opens_at: draft.opens_at ? draft.opens_at.toISOString() : null,
    closes_at: draft.closes_at ? draft.closes_at.toISOString() : null,
    attempts_allowed: draft.unlimited_attempts ? null : toNumber(draft.attempts_allowed),
    pass_mark: toNumber(draft.pass_mark),
    review_policy: draft.review_policy,
    offline_grace_minutes: toNumber(draft.offline_grace_minutes),
    school_ids: draft.school_ids,
    published: draft.published,
    // Sent only when ticked: the server asks for it only for an exam with questions practice has shown.
    ...(draft.confirm_exposed ? { confirm_exposed: true } : {}),
  };
}
