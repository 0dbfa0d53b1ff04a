import { formatDateTime, type ProjectView } from '@xuetu/contract';
import { parseSpeeds } from './progress.ts';
import type { ProjectRow } from './projects.repository.ts';

export function presentProject(row: ProjectRow, counts: { resCount: number; userCount: number }): ProjectView {
  const speeds = parseSpeeds(row.allowedSpeeds);
  return {
    projectCode: row.projectCode,
    companySysCode: row.companySysCode,
    projectName: row.projectName,
    introduce: row.introduce,
    cover: row.cover,
    startDate: row.startDate,
    endDate: row.endDate,
    checkHrs: Number(row.checkHrs),
    reachRule: row.reachRule,
    allowedSpeeds: speeds,
    maxSpeed: Math.max(...speeds),
    allowSeekAhead: row.allowSeekAhead,
    openJoin: row.openJoin,
    isThreeSafety: row.isThreeSafety,
    status: row.status,
    resCount: counts.resCount,
    userCount: counts.userCount,
    publishTime: formatDateTime(row.publishedAt),
    updateTime: formatDateTime(row.updatedAt),
  };
}
