// Pure pieces of the project administration screens (tested on their own).
import type { ProjectDetail } from '@xuetu/contract';
import type { Dayjs } from 'dayjs';

export type PickedRes = { resCode: string; resName: string };

export interface EditorValues {
  projectName: string;
  introduce: string;
  cover: string;
  period: [Dayjs, Dayjs] | null;
  checkHrs: number;
  reachRule: number;
  allowedSpeeds: number[];
  allowSeekAhead: boolean;
  openJoin: boolean;
  isThreeSafety: boolean;
  plans: { planCode?: string; planName: string; window?: [Dayjs, Dayjs] | null }[];
  examCodes: string[];
}

/** Moves item `i` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moveItem<T>(list: T[], i: number, delta: -1 | 1): T[] {
  const j = i + delta;
  if (i < 0 || i >= list.length || j < 0 || j >= list.length) return list;
  const out = [...list];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

const D = 'YYYY-MM-DD';

/** The SaveData body of the editor's values. */
export function saveBody(v: EditorValues, projectCode: string | null, company: string) {
  return {
    projectCode: projectCode ?? '',
    companySysCode: company,
    projectName: v.projectName,
    introduce: v.introduce ?? '',
    cover: v.cover ?? '',
    startDate: v.period?.[0].format(D) ?? '',
    endDate: v.period?.[1].format(D) ?? '',
    checkHrs: v.checkHrs,
    reachRule: v.reachRule,
    allowedSpeeds: v.allowedSpeeds,
    allowSeekAhead: v.allowSeekAhead ? 1 : 0,
    openJoin: v.openJoin ? 1 : 0,
    isThreeSafety: v.isThreeSafety ? 1 : 0,
    plans: (v.plans ?? []).map((p) => ({
      planCode: p.planCode ?? '',
      planName: p.planName,
      startDate: p.window?.[0].format(D) ?? '',
      endDate: p.window?.[1].format(D) ?? '',
    })),
    examCodes: v.examCodes ?? [],
  };
}

/** Editor values of a stored project (dates through `day`, dayjs at the call site). */
export function editorValues(d: ProjectDetail, day: (s: string) => Dayjs): EditorValues {
  return {
    projectName: d.projectName,
    introduce: d.introduce,
    cover: d.cover,
    period: [day(d.startDate), day(d.endDate)],
    checkHrs: d.checkHrs,
    reachRule: d.reachRule,
    allowedSpeeds: d.allowedSpeeds,
    allowSeekAhead: d.allowSeekAhead === 1,
    openJoin: d.openJoin === 1,
    isThreeSafety: d.isThreeSafety === 1,
    plans: d.plans.map((p) => ({
      planCode: p.planCode,
      planName: p.planName,
      window: p.startDate && p.endDate ? [day(p.startDate), day(p.endDate)] : null,
    })),
    examCodes: d.exams.map((e) => e.examCode),
  };
}
