import { randomUUID } from 'node:crypto';
import type { AnswerValue } from '../../shared/contracts/attempts.ts';
import type { QuestionContent } from '../../shared/contracts/questions.ts';
import type { AppContext } from '../context.ts';
import {
  createAssessmentsService,
  type AssessmentInput,
} from '../features/assessments/assessments.service.ts';
import { createAttemptsService } from '../features/attempts/attempts.service.ts';
import { createLearningRecalculator } from '../features/learning/learning-recalculator.ts';
import { newOptionId } from '../features/questions/question-types.ts';
import { sanitizeRichText } from '../../shared/rich-text.ts';
import { createUsersRepository } from '../features/users/users.repository.ts';
import { CATALOGUE } from './catalogue/index.ts';
import type { CatalogueQuestion } from './catalogue/types.ts';

const DAY = 24 * 3600_000;

/**
 * Each micro topic has five questions. An assessment holds back the keys of the questions it uses until
 * its answers are released, so the seed keeps them apart: 0–1 quizzes, 2 exams, 3 the diagnostic (first
 * micro topic of a sub topic) and the rest Test Yourself questions, whose keys practice may show.
 */
const EXAM_QUESTION = 2;
const DIAGNOSTIC_QUESTION = 3;
const practiceOnly = (microIndex: number, questionIndex: number) =>
  questionIndex === 4 || (questionIndex === DIAGNOSTIC_QUESTION && microIndex !== 0);

function contentOf(q: CatalogueQuestion): QuestionContent {
  switch (q.type) {
    case 'single_choice':
    case 'multiple_choice': {
      const options = q.options!.map((text) => ({ id: newOptionId(), text }));
      return { type: q.type, options, correct: q.correct!.map((i) => options[i]!.id) };
    }
    case 'true_false':
      return { type: 'true_false', correct: q.answer! };
    case 'short_answer':
      return { type: 'short_answer', accepted: q.accepted! };
    case 'matching':
      return {
        type: 'matching',
        pairs: q.pairs!.map(([left, right]) => ({
          left_id: newOptionId(),
          left,
          right_id: newOptionId(),
          right,
        })),
      };
    case 'ordering':
      return { type: 'ordering', items: q.order!.map((text) => ({ id: newOptionId(), text })) };
  }
}

/** A plausible answer: the right one, or a typical mistake. */
function answerFor(content: QuestionContent, right: boolean): AnswerValue {
  switch (content.type) {
    case 'single_choice': {
      const wrong = content.options.find((o) => !content.correct.includes(o.id))!;
      return { type: 'single_choice', choice: right ? content.correct[0]! : wrong.id };
    }
    case 'multiple_choice':
      return { type: 'multiple_choice', choices: right ? content.correct : content.correct.slice(0, 1) };
    case 'true_false':
      return { type: 'true_false', value: right ? content.correct : !content.correct };
    case 'short_answer':
      return { type: 'short_answer', text: right ? content.accepted[0]! : 'not sure' };
    case 'matching': {
      const rights = content.pairs.map((p) => p.right_id);
      const shift = right ? 0 : 1;
      return {
        type: 'matching',
        pairs: Object.fromEntries(
          content.pairs.map((p, i) => [p.left_id, rights[(i + shift) % rights.length]!]),
        ),
      };
    }
    case 'ordering': {
      const ids = content.items.map((i) => i.id);
      return { type: 'ordering', order: right ? ids : [ids[1]!, ids[0]!, ...ids.slice(2)] };
    }
  }
}

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

/**
 * The teaching catalogue (knowledge graph and question bank), the diagnostic, ten quizzes and two
 * exams, and real attempts for the demo student and classmates, taken through the attempts service
 * so their scores are what the grader says.
 */
export async function seedLearning(ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const now = ctx.now().toISOString();
  const microIds = new Map<string, number>();
  const questionsBySub: Array<{
    subject: number;
    sub: string;
    micro: Array<{ id: number; questions: Array<{ id: number; content: QuestionContent }> }>;
  }> = [];

  for (const [si, subject] of CATALOGUE.entries()) {
    const { id: subjectId } = await db
      .insertInto('subjects')
      .values({ name: subject.name, description: subject.description, position: si + 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [ti, sub] of subject.subTopics.entries()) {
      const { id: subId } = await db
        .insertInto('sub_topics')
        .values({ subject_id: subjectId, name: sub.name, position: ti + 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const entry = {
        subject: subjectId,
        sub: sub.name,
        micro: [] as Array<{ id: number; questions: Array<{ id: number; content: QuestionContent }> }>,
      };
      for (const [mi, micro] of sub.microTopics.entries()) {
        const { id: microId } = await db
          .insertInto('micro_topics')
          .values({ sub_topic_id: subId, name: micro.name, description: micro.description, position: mi + 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        microIds.set(micro.key, microId);
        const prereqs = micro.prerequisites.map((k) => microIds.get(k)!).filter(Boolean);
        if (prereqs.length)
          await db
            .insertInto('micro_topic_prerequisites')
            .values(prereqs.map((p) => ({ micro_topic_id: microId, prerequisite_id: p })))
            .execute();
        const questions: Array<{ id: number; content: QuestionContent }> = [];
        for (const [qi, q] of micro.questions.entries()) {
          const content = contentOf(q);
          const { id } = await db
            .insertInto('questions')
            .values({
              micro_topic_id: microId,
              type: q.type,
              difficulty: q.difficulty,
              stem: `<p>${sanitizeRichText(q.stem)}</p>`,
              explanation: sanitizeRichText(q.explanation),
              image_url: null,
              content: JSON.stringify(content),
              practice_only: practiceOnly(mi, qi) ? 1 : 0,
              created_by: null,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          questions.push({ id, content });
        }
        entry.micro.push({ id: microId, questions });
      }
      questionsBySub.push(entry);
    }
  }

  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@pathbuilder.test')
    .executeTakeFirst();
  const school = await db
    .selectFrom('schools')
    .select('id')
    .where('name', '=', 'Little Acorns Early Learning Centre')
    .executeTakeFirst();
  // Seeded before any practice: nothing shown yet, nothing to audit.
  const assessments = createAssessmentsService(ctx, {
    teacherSchoolIds: async () => [],
    revealedByPractice: async () => [],
    audit: async () => {},
  });
  const adminAuth = admin
    ? { user: (await createUsersRepository(db).findById(admin.id))!, tokenHash: '', sessionId: 0 }
    : null;
  if (!adminAuth) return;
  const t = ctx.now().getTime();

  // The diagnostic: one question from every sub topic, so it covers every subject.
  const diagnostic = await assessments.create(
    adminAuth,
    settings({
      kind: 'diagnostic',
      title: 'Early Childhood Education Diagnostic',
      description:
        'Fifteen questions across the five subjects of the programme. There is no time limit and no pass mark to fear: your answers set your starting point.',
      question_ids: questionsBySub.map((s) => s.micro[0]!.questions[DIAGNOSTIC_QUESTION]!.id),
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

  // Attempts: the demo student and five classmates, answered through the real service.
  const attempts = createAttemptsService(ctx, { assessments });
  const users = createUsersRepository(db);
  const classmates = [
    ['Amira Hassan', 'amira.hassan@pathbuilder.test'],
    ['Ben Carter', 'ben.carter@pathbuilder.test'],
    ['Chloe Nguyen', 'chloe.nguyen@pathbuilder.test'],
    ['Diego Alvarez', 'diego.alvarez@pathbuilder.test'],
    ['Ella Thompson', 'ella.thompson@pathbuilder.test'],
  ];
  const student = await users.findByEmail('student@pathbuilder.test');
  const hash = student?.password_hash ?? '';
  const takers = student ? [{ row: student, skill: 0.75 }] : [];
  for (const [i, [name, email]] of classmates.entries()) {
    const id = await users.insert({
      email: email!,
      full_name: name!,
      password_hash: hash,
      is_admin: 0,
      is_teacher: 0,
      taken_diagnostics: 1,
      school_id: school?.id ?? null,
      location_id: student?.location_id ?? null,
      email_verified_at: now,
      is_active: 1,
      created_at: now,
      updated_at: now,
    });
    takers.push({ row: (await users.findById(id))!, skill: 0.45 + i * 0.1 });
  }
  for (const [ti, taker] of takers.entries()) {
    const auth = { user: taker.row, tokenHash: '', sessionId: 0 };
    const plan: Array<{ assessmentId: number; daysAgo: number }> = [
      { assessmentId: diagnostic.id, daysAgo: 20 },
      { assessmentId: quizzes[0]!.id, daysAgo: 12 },
      { assessmentId: quizzes[1]!.id, daysAgo: 5 },
    ];
    for (const [pi, p] of plan.entries()) {
      const a = await attempts.start(auth, { id: randomUUID(), assessment_id: p.assessmentId });
      for (const [qi, q] of a.questions.entries()) {
        const row = await db
          .selectFrom('questions')
          .select('content')
          .where('id', '=', q.id)
          .executeTakeFirstOrThrow();
        // A fixed pattern per student, so the seed is the same on every machine.
        const right = ((qi * 7 + ti * 3 + pi) % 20) / 20 < taker.skill;
        await attempts.saveAnswer(auth, a.id, q.id, {
          answer: answerFor(JSON.parse(row.content) as QuestionContent, right),
          flagged: false,
          answered_at: ctx.now().toISOString(),
        });
      }
      await attempts.submit(auth, a.id);
      const started = new Date(t - p.daysAgo * DAY - (ti + 1) * 3600_000);
      const ended = new Date(started.getTime() + (8 + qiMinutes(a.questions.length, ti)) * 60_000);
      await db
        .updateTable('attempts')
        .set({
          started_at: started.toISOString(),
          submitted_at: ended.toISOString(),
          deadline_at: a.deadline_at
            ? new Date(
                started.getTime() + (Date.parse(a.deadline_at) - Date.parse(a.started_at)),
              ).toISOString()
            : null,
          grace_until: null,
        })
        .where('id', '=', a.id)
        .execute();
      await db
        .updateTable('attempt_answers')
        .set({ answered_at: ended.toISOString(), saved_at: ended.toISOString() })
        .where('attempt_id', '=', a.id)
        .execute();
    }
  }
  // Their profiles, progress and daily figures, as the recalculation calls would leave them.
  const recalc = createLearningRecalculator(ctx);
  for (const taker of takers) await recalc.rebuild(taker.row.id);
}

function qiMinutes(questions: number, taker: number): number {
  return Math.round(questions * 0.6) + taker;
}
