// Pure pieces of the study cards (spec §2 "My study tab"), tested on their own.
import type { ProjectPlanView, StudyCard } from '@xuetu/contract';

/** The plan a join offers first: the one open today, else the first. '' when the project has none. */
export function defaultPlan(plans: ProjectPlanView[], today: string): string {
  const open = plans.find((p) => p.startDate <= today && today <= p.endDate);
  return (open ?? plans[0])?.planCode ?? '';
}

/** Plans a learner may join today. */
export const openPlans = (plans: ProjectPlanView[], today: string) => plans.filter((p) => p.startDate <= today && today <= p.endDate);

/** The card's state line. */
export function cardState(c: StudyCard): { text: string; color: string } {
  if (!c.isJoined) return { text: '未加入', color: 'default' };
  if (c.reachState === 1) return { text: '已达标', color: 'success' };
  if (c.leftDays === 0) return { text: '未达标（已结束）', color: 'error' };
  return { text: '学习中', color: 'processing' };
}

/** What today's circle means, in words. */
export function todayHint(c: StudyCard): string {
  if (!c.isJoined) return '加入后开始计算';
  if (c.leftDays === 0) return '项目已结束';
  if (c.todayTargetHrs <= 0) return '学时已达标';
  return `今日目标 ${c.todayTargetHrs} 学时，已学 ${c.todayHrs} 学时`;
}

/** Today as yyyy-MM-dd in China time (the server's calendar). */
export function chinaToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}
