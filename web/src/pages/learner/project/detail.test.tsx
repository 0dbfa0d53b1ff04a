import { screen, within } from '@testing-library/react';
import type { CourseProgress, ProjectDetailData } from '@xuetu/contract';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { mockApi, ok } from '../../../test/mockApi';
import { studyCard } from '../../../test/projectFields';
import { renderAt } from '../../../test/renderApp';
import { courseLine } from './courseProgress';
import ProjectDetailPage from './index';

const P = '/Api/Project_Manage/project_project';
const course = (extra: Partial<CourseProgress> = {}): CourseProgress => ({
  resCode: 'R1',
  resName: '二十秒课程',
  cover: '',
  resType: 1,
  creditHours: 1,
  duration: 20,
  studySeconds: 20,
  progress: 100,
  completed: 1,
  lastStudyTime: '2030-03-05 10:00:30',
  creditedHrs: 1,
  ...extra,
});
// what the server answers once a 1-学时 course was completed after 20 s of study (ADR 0018 "Crediting by rule")
const detail: ProjectDetailData = {
  ...studyCard({ checkHrs: 1, getHrs: 1, reachState: 1, reachProgress: 100, todayProgress: 100, todayHrs: 1, todayTargetHrs: 0.17 }),
  introduce: '',
  reachRule: 1,
  isThreeSafety: 0,
  courses: [
    course(),
    course({ resCode: 'R2', resName: '安全规程', completed: 0, progress: 16, duration: 3600, studySeconds: 600, creditedHrs: 0.16 }),
  ],
  exams: [],
  settings: { allowedSpeeds: [1], maxSpeed: 1, allowSeekAhead: true },
};

describe('project page: hours credited by rule', () => {
  beforeEach(() => {
    resetRequestState();
    mockApi().on(`${P}/GetProjectDetailData`, ok(detail));
  });

  it('a completed 20-s course of 1 学时 reads 已获 1 学时 (已达标) and counts 1 学时; a started one its time', async () => {
    renderAt(
      '/project/detail?projectCode=P1',
      <Routes>
        <Route path="/project/detail" element={<ProjectDetailPage />} />
      </Routes>,
    );
    expect(await screen.findByTestId('project-detail-gethrs')).toHaveTextContent('1');
    expect(screen.getByTestId('project-detail-missing')).toHaveTextContent('（已达标）');
    const lines = screen.getAllByTestId('project-course-line');
    expect(lines[0]).toHaveTextContent('1 学时 · 时长 20 秒 · 已学 20 秒 · 计入项目 1 学时');
    expect(lines[1]).toHaveTextContent('1 学时 · 时长 1 小时 · 已学 10 分钟 · 计入项目 0.16 学时');
    expect(within(screen.getByTestId('project-courses')).getAllByText('已完成')).toHaveLength(1);
  });

  it('before joining the line names no project hours', () => {
    expect(courseLine(course({ studySeconds: 0, creditedHrs: 0 }), false)).toBe('1 学时 · 时长 20 秒 · 已学 0 秒');
  });
});
