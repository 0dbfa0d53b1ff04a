import {
  ANSWER_REVIEW_DEFAULT,
  ANSWER_REVIEW_EACH_WARNING,
  ANSWER_REVIEW_HELP,
  ANSWER_REVIEW_LABELS,
  ANSWER_REVIEW_VALUES,
  AnswerReview,
  ExamLimits,
  ExamStatus,
  examsApi,
  projectsApi,
} from '@xuetu/contract';
import { Alert, Checkbox, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { call } from '../../../../api/client';
import { useCall } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { EditorDrawer, type EditorProps, useEditorRecord } from '../../EditorDrawer';
import { RequiredText } from '../../formParts';
import { useParticipantsField } from '../../ParticipantsField';
import { NO_PICKS, pickIds } from '../../participants';

const FMT = 'YYYY-MM-DD HH:mm:ss';

interface Values {
  examName: string;
  examIntrduce: string;
  paperCode: string;
  time: number;
  window: [Dayjs, Dayjs] | null;
  passScore: number;
  isAllow: boolean;
  isAllowCount: number;
  flags: string[];
  leaveLimit: number;
  answerReview: AnswerReview;
  projectCode?: string;
}
const REVIEW_OPTIONS = ANSWER_REVIEW_VALUES.map((value) => ({ value, label: ANSWER_REVIEW_LABELS[value] }));
// `locked`: frozen once a learner has begun (the server refuses a change with EXAM_LOCKED)
const FLAG_OPTIONS = [
  { value: 'isConfidential', label: '成绩保密（学员看不到分数）', locked: false },
  { value: 'isShuffleQuestion', label: '试题乱序', locked: true },
  { value: 'isShuffleOption', label: '选项乱序', locked: true },
  { value: 'mustCompleteBeforeStudy', label: '完成后才能学习', locked: false },
  { value: 'isPartialCredit', label: '多选题少选得部分分', locked: true },
  { value: 'requireFullScreen', label: '要求全屏作答', locked: true },
];

/** 新增/编辑考试: paper, time, window, pass score, repeats, options, participants (people, departments, posts). */
export function ExamEditor(props: EditorProps & { examCode: string | null }) {
  const [form] = Form.useForm<Values>();
  const participants = useParticipantsField({
    company: props.company,
    testIdPrefix: 'exam',
    hint: '尚未选择；部门包含其下级部门，发布后新加入的人员也会收到考试',
  });
  const papers = useCall(
    examsApi.paperGetPageList,
    { keyword: '', companySysCode: props.company, pageIndex: 1, pageRows: 500 },
    { enabled: props.open },
  );
  // the company's training projects an exam may belong to (drafts too: the exam may be made first)
  const projects = useCall(
    projectsApi.getPageList,
    { keyword: '', companySysCode: props.company, pageIndex: 1, pageRows: 500 },
    { enabled: props.open },
  );
  const isAllow = Form.useWatch('isAllow', form);
  const answerReview = Form.useWatch('answerReview', form);

  const { existing, loading } = useEditorRecord({
    open: props.open,
    code: props.examCode,
    endpoint: examsApi.examGetData,
    input: (examCode) => ({ examCode }),
    fill: (e) => {
      form.setFieldsValue(
        e
          ? {
              examName: e.examName,
              examIntrduce: e.examIntrduce,
              paperCode: e.paperCode,
              time: e.time,
              window: [dayjs(e.examStartTime), dayjs(e.examEndTime)],
              passScore: e.passScore,
              isAllow: e.isAllow === 1,
              isAllowCount: e.isAllowCount,
              flags: FLAG_OPTIONS.map((f) => f.value).filter((k) => (e as unknown as Record<string, number>)[k] === 1),
              leaveLimit: e.leaveLimit ?? 0,
              answerReview: e.answerReview ?? (e.isAllowedViewAnswer ? ANSWER_REVIEW_DEFAULT : AnswerReview.Never),
              projectCode: e.projectCode || undefined,
            }
          : {
              examName: '',
              examIntrduce: '',
              paperCode: undefined,
              time: 60,
              window: [dayjs().startOf('hour').add(1, 'hour'), dayjs().startOf('hour').add(7, 'day')],
              passScore: 60,
              isAllow: false,
              isAllowCount: 2,
              flags: [],
              leaveLimit: 0,
              answerReview: ANSWER_REVIEW_DEFAULT,
              projectCode: undefined,
            },
      );
      participants.setPicks(e?.participants ?? NO_PICKS);
    },
  });

  const persist = useAppMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      const body = {
        examCode: props.examCode ?? '',
        examName: v.examName,
        examIntrduce: v.examIntrduce,
        paperCode: v.paperCode,
        time: v.time,
        examStartTime: v.window?.[0].format(FMT) ?? '',
        examEndTime: v.window?.[1].format(FMT) ?? '',
        passScore: v.passScore,
        isAllow: v.isAllow ? 1 : 0,
        isAllowCount: v.isAllow ? v.isAllowCount : 1,
        ...Object.fromEntries(FLAG_OPTIONS.map((f) => [f.value, v.flags.includes(f.value) ? 1 : 0])),
        leaveLimit: v.leaveLimit ?? 0,
        answerReview: v.answerReview,
        projectCode: v.projectCode ?? '',
        participants: pickIds(participants.picks),
        companySysCode: props.company,
      };
      return props.examCode ? call(examsApi.examUpdateData, body) : call(examsApi.examAddData, body);
    },
    success: '保存成功',
    onSuccess: () => props.onSaved(),
  });

  const begun = (existing.data?.attemptCount ?? 0) > 0;

  return (
    <EditorDrawer
      open={props.open}
      title={props.examCode ? '编辑考试' : '新增考试'}
      width={760}
      onClose={props.onClose}
      isDirty={() => form.isFieldsTouched()}
      loading={loading}
      saving={persist.isPending}
      onSave={() => persist.mutate()}
      saveTestId="exam-save"
      dialogs={participants.dialog}
    >
      <Form form={form} layout="vertical" data-testid="exam-editor">
        {begun && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message="已有学员开始作答：试卷、时长、及格分、评分规则、乱序和离开页面监控不能再修改。"
            data-testid="exam-locked"
          />
        )}
        {existing.data?.status === ExamStatus.Published && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message="考试已发布：保存后新增的参考人员会立即收到考试通知。" />
        )}
        <RequiredText name="examName" label="考试名称" max={ExamLimits.nameMax} testId="exam-name" />
        <Form.Item name="examIntrduce" label="考试说明">
          <Input.TextArea rows={3} maxLength={ExamLimits.introMax} />
        </Form.Item>
        <Form.Item name="paperCode" label="试卷" rules={[{ required: true, message: '请选择试卷' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            disabled={begun}
            placeholder="选择试卷"
            data-testid="exam-paper"
            // a new paper suggests 60% of its total as the pass score
            onChange={(code: string) => {
              const total = papers.data?.models.find((p) => p.paperCode === code)?.totlescore;
              if (total !== undefined) form.setFieldValue('passScore', Math.round(total * 0.6 * 2) / 2);
            }}
            options={(papers.data?.models ?? []).map((p) => ({
              value: p.paperCode,
              label: `${p.paperName}（${p.totlescore} 分，${p.totleq} 题）`,
            }))}
          />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="time" label="考试时长（分钟）" rules={[{ required: true, message: '请输入考试时长' }]}>
            <InputNumber min={1} max={1440} disabled={begun} />
          </Form.Item>
          <Form.Item name="passScore" label="及格分" rules={[{ required: true, message: '请输入及格分' }]}>
            <InputNumber min={0} max={1000} disabled={begun} />
          </Form.Item>
          <Form.Item name="isAllow" label="允许重考" valuePropName="checked">
            <Switch />
          </Form.Item>
          {isAllow && (
            <Form.Item name="isAllowCount" label="最多考试次数（取最高分）">
              <InputNumber min={2} max={100} />
            </Form.Item>
          )}
        </Space>
        <Form.Item name="window" label="考试时间" rules={[{ required: true, message: '请设置考试开始和结束时间' }]}>
          <DatePicker.RangePicker showTime format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="flags" label="考试设置">
          <Checkbox.Group options={FLAG_OPTIONS.map(({ value, label, locked }) => ({ value, label, disabled: begun && locked }))} />
        </Form.Item>
        <Form.Item
          name="leaveLimit"
          label="允许离开页面次数"
          extra="切换页面、窗口失去焦点或退出全屏算一次离开；超过次数由系统自动交卷。0 表示不监控。"
        >
          <InputNumber min={0} max={99} disabled={begun} data-testid="exam-leave-limit" />
        </Form.Item>
        <Form.Item name="answerReview" label="公布答案" extra={ANSWER_REVIEW_HELP}>
          <Radio.Group options={REVIEW_OPTIONS} data-testid="exam-answer-review" />
        </Form.Item>
        {answerReview === AnswerReview.AfterEach && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={ANSWER_REVIEW_EACH_WARNING}
            data-testid="exam-answer-review-warning"
          />
        )}
        <Form.Item name="projectCode" label="所属培训项目（可选）">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="不属于培训项目"
            loading={projects.isLoading}
            data-testid="exam-project"
            options={(projects.data?.models ?? []).map((p) => ({ value: p.projectCode, label: p.projectName }))}
          />
        </Form.Item>
        <Form.Item label="参考人员" required>
          {participants.field}
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
