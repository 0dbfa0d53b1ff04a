import { type ProjectDetail, studyTimeText } from '@xuetu/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { projectFields } from '../../../test/projectFields';
import { studyPath } from '../../learner/project/courseProgress';
import { editorValues, moveItem, saveBody } from './logic';

describe('project editor logic', () => {
  it('moves a course up and down within the list', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('builds the SaveData body and reads a stored project back', () => {
    // the fields a stored project and its SaveData body carry alike
    const same = {
      ...projectFields,
      projectName: '项目',
      allowedSpeeds: [1, 1.5],
      openJoin: 1,
      plans: [
        { planCode: 'A', planName: '一期', startDate: '2030-03-01', endDate: '2030-03-05' },
        { planCode: 'B', planName: '二期', startDate: '', endDate: '' },
      ],
    };
    const detail = { ...same, projectCode: 'P1', exams: [{ examCode: 'E1', examName: '考试' }] } as unknown as ProjectDetail;
    const v = editorValues(detail, (s) => dayjs(s));
    expect(saveBody(v, 'P1', 'C')).toEqual({ ...same, projectCode: 'P1', companySysCode: 'C', examCodes: ['E1'] });
  });

  it('course helpers', () => {
    // under a minute is seconds, not "0 分钟"
    expect(studyTimeText(59)).toBe('59 秒');
    expect(studyTimeText(200)).toBe('3 分 20 秒');
    expect(studyTimeText(600)).toBe('10 分钟');
    expect(studyTimeText(3600)).toBe('1 小时');
    expect(studyTimeText(5400)).toBe('1 小时 30 分钟');
    expect(studyPath('R-1')).toBe('/trainres/study?id=R-1');
  });
});
