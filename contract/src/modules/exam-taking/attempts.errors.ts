/** Exam taking, marking and results (issue 14). */
export const UserExamErrors = {
  EXAM_NOT_FOUND: '考试不存在',
  EXAM_NOT_OPEN: '考试尚未开始',
  EXAM_ENDED: '考试已结束',
  EXAM_NO_ATTEMPTS: '考试次数已用完',
  ATTEMPT_NOT_FOUND: '答卷不存在',
  ATTEMPT_SUBMITTED: '试卷已提交，不能再修改答案',
  ATTEMPT_TIME_UP: '考试时间已到，答案未能保存',
  ATTEMPT_IN_PROGRESS: '考试进行中，交卷后才能查看结果',
  /** another page (tab or device) opened or took over the attempt: this page's save is refused */
  ATTEMPT_TAKEN_OVER: '本场考试已在其他窗口或设备上作答',
  ATTEMPT_QUESTION_NOT_FOUND: '试题不在本试卷中',
  ANSWER_OPTION_INVALID: '所选选项不在本题范围内',
  ANSWER_BLANK_COUNT: '填空题答案的空数与题目不一致',
  ANSWER_FORMAT: '答案格式不正确',
  MARK_NOT_ESSAY: '只有简答题需要人工阅卷',
  MARK_NOT_SUBMITTED: '答卷尚未提交，不能阅卷',
  MARK_SCORE_RANGE: '得分应在 0 到本题分值之间',
  RESULT_PDF_FONT_MISSING: '服务器未安装 PDF 中文字体，暂不能导出',
} as const;
