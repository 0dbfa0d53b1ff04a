/** Learner study: notes, completion, the viewing session (issue 13). */
export const StudyErrors = {
  STUDY_NOTE_NOT_FOUND: '笔记不存在',
  STUDY_NOT_ENOUGH: '学习时长不足，暂不能完成本课程',
  STUDY_TAKEN_OVER: '已在其他窗口或设备继续学习',
  STUDY_PRESENCE_WRONG: '所选数字不正确，请重新选择',
} as const;
