import { AnswerMsg } from '../../exam-answers.ts';

/**
 * Exam authoring (issue 12). Where a failure carries numbers (counts, rule numbers), the thrown
 * message is the formatted one from `ExamMsg` and the code stays the same.
 */
export const ExamErrors = {
  EXAM_DIR_NOT_FOUND: '目录不存在',
  EXAM_DIR_PARENT_LOOP: '不能把目录移动到它自己或它的下级目录下',
  EXAM_DIR_HAS_QUESTIONS: '该目录下还有试题，请先移走或删除试题',
  EXAM_DIR_HAS_CHILDREN: '该目录下还有子目录，请先删除子目录',
  QUESTION_NOT_FOUND: '试题不存在',
  QUESTION_INVALID: '试题内容不符合要求',
  QUESTION_ANSWER_INVALID: AnswerMsg.answerRequired,
  QUESTION_IMPORT_HEADER: '表头缺少列，请使用导入模板',
  QUESTION_IMPORT_EMPTY: '文件中没有数据行',
  QUESTION_IMPORT_TOO_MANY: '单次导入的试题过多，请拆分后分批导入',
  QUESTION_IMPORT_INVALID: '导入数据有错误，请修改后重新导入',
  QUESTION_FILE_UNKNOWN: '无法识别文件格式，请上传导入模板（.xlsx）、Moodle XML、GIFT、Aiken 或 QTI 2.1 资源包',
  QUESTION_FILE_UNREADABLE: '文件内容有误，无法读取',
  QUESTION_FILE_ENCODING: '文件不是 UTF-8 编码，请另存为 UTF-8 后再上传',
  QUESTION_FILE_NO_QUESTIONS: '文件中没有试题',
  QUESTION_REFUSED_XLSX_ONLY: '只有表格文件可以下载未通过的行',
  PAPER_NOT_FOUND: '试卷不存在',
  PAPER_EMPTY: '试卷中还没有试题',
  PAPER_QUESTION_MISSING: '试卷中的试题不存在或已删除',
  PAPER_DUPLICATE_QUESTION: '试题在试卷中重复出现',
  PAPER_RULE_SHORT: '题库中的试题数量不足',
  PAPER_IN_USE: '该试卷已被考试使用，不能删除',
  PAPER_LOCKED: '已有学员开始作答，试卷的试题和规则不能再修改',
  EXAM_NOT_FOUND: '考试不存在',
  EXAM_WINDOW_REQUIRED: '请设置考试开始和结束时间',
  EXAM_WINDOW_INVALID: '考试结束时间应晚于开始时间',
  EXAM_PASS_SCORE_INVALID: '及格分应在 0 到试卷总分之间',
  EXAM_REPEAT_COUNT_INVALID: '允许重考时，考试次数应在 2 到 100 之间',
  EXAM_LOCKED: '已有学员开始作答，试卷、时长、评分规则和离开页面监控不能再修改',
  EXAM_STARTED: '已有学员参加该考试，不能删除；可以结束考试',
  EXAM_PARTICIPANTS_REQUIRED: '请选择参考人员',
  EXAM_ALREADY_PUBLISHED: '考试已发布',
  EXAM_NOT_PUBLISHED: '考试尚未发布',
  EXAM_CLOSED: '考试已结束',
  EXAM_PROJECT_NOT_FOUND: '所选培训项目不存在或不属于该公司',
} as const;
