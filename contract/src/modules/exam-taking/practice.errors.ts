/** Practice and the wrong-question book (issue 26 item 1, ADR 0043). */
export const PracticeErrors = {
  PRACTICE_NOT_FOUND: '练习不存在',
  PRACTICE_SOURCE_NOT_FOUND: '所选题库目录或试卷不存在',
  PRACTICE_SOURCE_EMPTY: '所选题库目录或试卷中没有试题',
  PRACTICE_PARTICIPANTS_REQUIRED: '请选择参加练习的人员',
  PRACTICE_QUESTION_NOT_FOUND: '试题不在本练习中',
  PRACTICE_ANSWER_REQUIRED: '请先作答再提交',
  WRONG_NOT_FOUND: '错题不存在或已移出错题本',
} as const;
