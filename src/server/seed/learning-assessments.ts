import type { AppContext } from '../context.ts';
import {
  type AssessmentInput,
  type AssessmentsService,
} from '../features/assessments/assessments.service.ts';
import type { Authed } from '../plugins/routes.ts';
import { CATALOGUE } from './catalogue/index.ts';
import { EXAM_QUESTION, type SeededSubTopic } from './learning-catalogue.ts';

export const DAY = 24 * 3600_000;

const settings = (
  over: Partial<AssessmentInput> & Pick<AssessmentInput, 'kind' | 'title'>,
): AssessmentInput => ({
  description: '',
  selection: 'fixed',
  question_ids: [],
  draws: [],
  shuffle_questions: false,
  shuffle_options: true,
  time_limit_minutes: null,
  opens_at: null,
  closes_at: null,
  attempts_allowed: 3,
  pass_mark: 60,
  review_policy: 'after_submit',
  offline_grace_minutes: 10,
  school_ids: [],
  published: true,
  ...over,
});

/** The diagnostic, ten quizzes and two exams, made by the admin through the assessments service. */
export async function seedAssessments(
  ctx: AppContext,
  adminAuth: Authed,
  school: { id: number } | undefined,
  questionsBySub: SeededSubTopic[],
  assessments: AssessmentsService,
) {
  const t = ctx.now().getTime();

  // The diagnostic draws adaptively from the whole assessable bank (every question but Test Yourself's), at
  // most 25 of them (the adaptive selector's cap), so each answer can choose the most telling next question.
  const diagnostic = await assessments.create(
    adminAuth,
    settings({
      kind: 'diagnostic',
      title: 'Early Childhood Education Diagnostic',
      description:
        'Up to 25 questions across the five subjects of the programme, each chosen by your answers so far, so it may end sooner. There is no time limit and no pass mark to fear: your answers set your starting point.',
      question_ids: questionsBySub.flatMap((s) =>
        s.micro.flatMap((m) => m.questions.filter((q) => !q.practice_only).map((q) => q.id)),
      ),
      attempts_allowed: 1,
      pass_mark: 0,
      shuffle_options: false,
    }),
  );

  const quizzes = [];
  for (const [i, sub] of questionsBySub.slice(0, 10).entries()) {
    // Random draws only where no exam holds questions, so every quiz review can show its keys.
    const random = i === 7 || i === 8;
    quizzes.push(
      await assessments.create(
        adminAuth,
        settings({
          kind: 'quiz',
          title: `${sub.sub} — Quiz`,
          description: random
            ? 'Two questions drawn at random from each micro topic of this sub topic.'
            : 'Eight questions on this sub topic. Answers and explanations are shown after you submit.',
          selection: random ? 'random' : 'fixed',
          question_ids: random ? [] : sub.micro.flatMap((m) => m.questions.slice(0, 2).map((q) => q.id)),
          draws: random ? sub.micro.map((m) => ({ micro_topic_id: m.id, count: 2 })) : [],
          time_limit_minutes: i % 2 === 0 ? 15 : null,
          shuffle_questions: random,
        }),
      ),
    );
  }

  const firstSubject = questionsBySub.filter((s) => s.subject === questionsBySub[0]!.subject);
  const secondSubject = questionsBySub.filter((s) => s.subject === questionsBySub[3]!.subject);
  await assessments.create(
    adminAuth,
    settings({
      kind: 'exam',
      title: `${CATALOGUE[0]!.name} — Mid-term Exam`,
      description:
        'One question from every micro topic of the subject, 40 minutes, one attempt. Answers are released when the exam closes.',
      question_ids: firstSubject.flatMap((s) => s.micro.map((m) => m.questions[EXAM_QUESTION]!.id)),
      shuffle_questions: true,
      time_limit_minutes: 40,
      opens_at: new Date(t - DAY).toISOString(),
      closes_at: new Date(t + 14 * DAY).toISOString(),
      attempts_allowed: 1,
      pass_mark: 65,
      review_policy: 'after_close',
      school_ids: school ? [school.id] : [],
    }),
  );
  await assessments.create(
    adminAuth,
    settings({
      kind: 'exam',
      title: `${CATALOGUE[1]!.name} — Final Exam`,
      description: 'Scheduled: opens next week for 48 hours.',
      question_ids: secondSubject.flatMap((s) => s.micro.map((m) => m.questions[EXAM_QUESTION]!.id)),
      shuffle_questions: true,
      time_limit_minutes: 45,
      opens_at: new Date(t + 7 * DAY).toISOString(),
      closes_at: new Date(t + 9 * DAY).toISOString(),
      attempts_allowed: 1,
      pass_mark: 65,
      review_policy: 'after_close',
      school_ids: school ? [school.id] : [],
    }),
  );
  return { diagnostic, quizzes };
}
