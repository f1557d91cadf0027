import type { ProfileMicroTopic, TopicMastery } from '../../../shared/contracts/learning.ts';
import { decayed, MASTERED } from './mastery-model.ts';

const DAY_MS = 86_400_000;

/** The figures of a student's profile: what a topic view shows, the roll-ups, mastered topics over time. */
export const pick = ({ mastery, level, due_for_recheck, evidence }: TopicMastery) => ({
  mastery,
  level,
  due_for_recheck,
  evidence,
});

export function rollUp(topics: ProfileMicroTopic[]) {
  return {
    mastery: topics.length ? topics.reduce((n, t) => n + t.mastery, 0) / topics.length : 0,
    mastered: topics.filter((t) => t.level === 'mastered').length,
    total: topics.length,
  };
}

/** Per day on which an estimate moved: how many topics counted as mastered at its end, decay included. */
export function masteredOverTime(history: { micro_topic_id: number; day: string; p: number }[]) {
  const latest = new Map<number, { p: number; day: string }>();
  const days = [...new Set(history.map((h) => h.day))].sort();
  const out: { day: string; mastered: number }[] = [];
  let i = 0;
  for (const day of days) {
    for (; i < history.length && history[i]!.day <= day; i += 1)
      latest.set(history[i]!.micro_topic_id, { p: history[i]!.p, day: history[i]!.day });
    const end = Date.parse(`${day}T00:00:00Z`);
    let mastered = 0;
    for (const v of latest.values()) {
      const days = Math.floor((end - Date.parse(`${v.day}T00:00:00Z`)) / DAY_MS);
      if (decayed(v.p, days) >= MASTERED) mastered += 1;
    }
    out.push({ day, mastered });
  }
  return out;
}
