import { randomUUID } from 'node:crypto';
import type { AnswerValue } from '../../shared/contracts/attempts.ts';
import type { QuestionContent } from '../../shared/contracts/questions.ts';
import type { AppContext } from '../context.ts';
import type { AssessmentsService } from '../features/assessments/assessments.service.ts';
import { createAttemptsService } from '../features/attempts/attempts.service.ts';
import { createLearningRecalculator } from '../features/learning/learning-recalculator.ts';
import { createUsersRepository } from '../features/users/users.repository.ts';
import { DAY } from './learning-assessments.ts';

/**
 * Real attempts for the demo student and classmates, taken through the attempts service so their scores are
 * what the grader says, and the learning figures they leave.
 */
export async function seedAttempts(
  ctx: AppContext,
  assessments: AssessmentsService,
  school: { id: number } | undefined,
  plans: { diagnosticId: number; quizIds: number[] },
): Promise<void> {
  const { db } = ctx;
  const now = ctx.now().toISOString();
  const t = ctx.now().getTime();

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
      { assessmentId: plans.diagnosticId, daysAgo: 20 },
      { assessmentId: plans.quizIds[0]!, daysAgo: 12 },
      { assessmentId: plans.quizIds[1]!, daysAgo: 5 },
    ];
    for (const [pi, p] of plan.entries()) {
      const a = await attempts.start(auth, { id: randomUUID(), assessment_id: p.assessmentId });
      // A quiz is answered in order; the diagnostic asks the question its adaptive step names, until done.
      let next: number | null | undefined = a.adaptive ? a.adaptive.next_question_id : a.questions[0]?.id;
      let asked = 0;
      for (let qi = 0; next != null; qi += 1) {
        const row = await db
          .selectFrom('questions')
          .select('content')
          .where('id', '=', next)
          .executeTakeFirstOrThrow();
        // A fixed pattern per student, so the seed is the same on every machine.
        const right = ((qi * 7 + ti * 3 + pi) % 20) / 20 < taker.skill;
        const saved = await attempts.saveAnswer(auth, a.id, next, {
          answer: answerFor(JSON.parse(row.content) as QuestionContent, right),
          flagged: false,
          answered_at: ctx.now().toISOString(),
        });
        asked += 1;
        next = saved.adaptive
          ? saved.adaptive.done
            ? null
            : saved.adaptive.next_question_id
          : a.questions[qi + 1]?.id;
      }
      await attempts.submit(auth, a.id);
      const started = new Date(t - p.daysAgo * DAY - (ti + 1) * 3600_000);
      const ended = new Date(started.getTime() + (8 + qiMinutes(asked, ti)) * 60_000);
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

function qiMinutes(questions: number, taker: number): number {
  return Math.round(questions * 0.6) + taker;
}
