import {
  examsApi,
  PRACTICE_NAME_MAX,
  PRACTICE_SOURCE_LABELS,
  PracticeSource,
  PracticeStatus,
  practiceApi,
  practiceOverlapText,
  type QuestionDirNode,
  WRONG_CLEAR_STREAK_DEFAULT,
  WRONG_CLEAR_STREAK_MAX,
} from '@xuetu/contract';
import { Alert, Form, InputNumber, Radio, Select, TreeSelect } from 'antd';
import { call } from '../../../../api/client';
import { useCall } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { EditorDrawer, type EditorProps, useEditorRecord } from '../../EditorDrawer';
import { RequiredText } from '../../formParts';
import { useParticipantsField } from '../../ParticipantsField';
import { NO_PICKS, pickIds } from '../../participants';

interface Values {
  practiceName: string;
  sourceKind: number;
  dirCode?: string;
  paperCode?: string;
  clearStreak: number;
  status: number;
}

const SOURCE_OPTIONS = [PracticeSource.Dir, PracticeSource.Paper].map((value) => ({ value, label: PRACTICE_SOURCE_LABELS[value] }));
const STATUS_OPTIONS = [
  { value: PracticeStatus.Open, label: '开放' },
  { value: PracticeStatus.Closed, label: '关闭' },
];

type DirOption = { value: string; title: string; children: DirOption[] };
const dirOptions = (nodes: QuestionDirNode[]): DirOption[] =>
  nodes.map((n) => ({ value: n.dirCode, title: n.dirName, children: dirOptions(n.children) }));

/** 新增/编辑练习: the source (a question directory or a paper), the 错题本 streak, open or closed, participants. */
export function PracticeEditor(props: EditorProps & { practiceCode: string | null }) {
  const [form] = Form.useForm<Values>();
  const participants = useParticipantsField({
    company: props.company,
    testIdPrefix: 'practice',
    hint: '尚未选择；部门包含其下级部门，之后加入的人员也能参加练习',
  });
  const sourceKind = Form.useWatch('sourceKind', form);
  const paperCode = Form.useWatch('paperCode', form);
  const dirCode = Form.useWatch('dirCode', form);
  const sourceCode = (sourceKind === PracticeSource.Paper ? paperCode : dirCode) ?? '';
  // issue 38 item 9: say before saving which questions open exams hold (practised without feedback till they end)
  const overlap = useCall(
    practiceApi.getExamOverlap,
    { sourceKind, sourceCode, companySysCode: props.company },
    { enabled: props.open && !!sourceKind && !!sourceCode, config: { silent: true } },
  );
  const dirs = useCall(examsApi.getTreeData, { companySysCode: props.company }, { enabled: props.open });
  const papers = useCall(
    examsApi.paperGetPageList,
    { keyword: '', companySysCode: props.company, pageIndex: 1, pageRows: 500 },
    { enabled: props.open },
  );
  const { loading } = useEditorRecord({
    open: props.open,
    code: props.practiceCode,
    endpoint: practiceApi.getData,
    input: (practiceCode) => ({ practiceCode }),
    fill: (p) => {
      form.setFieldsValue(
        p
          ? {
              practiceName: p.practiceName,
              sourceKind: p.sourceKind,
              dirCode: p.sourceKind === PracticeSource.Dir ? p.sourceCode : undefined,
              paperCode: p.sourceKind === PracticeSource.Paper ? p.sourceCode : undefined,
              clearStreak: p.clearStreak,
              status: p.status,
            }
          : {
              practiceName: '',
              sourceKind: PracticeSource.Dir,
              dirCode: undefined,
              paperCode: undefined,
              clearStreak: WRONG_CLEAR_STREAK_DEFAULT,
              status: PracticeStatus.Open,
            },
      );
      participants.setPicks(p?.participants ?? NO_PICKS);
    },
  });

  const persist = useAppMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      const body = {
        practiceCode: props.practiceCode ?? '',
        practiceName: v.practiceName,
        sourceKind: v.sourceKind,
        sourceCode: (v.sourceKind === PracticeSource.Dir ? v.dirCode : v.paperCode) ?? '',
        clearStreak: v.clearStreak,
        status: v.status,
        participants: pickIds(participants.picks),
        companySysCode: props.company,
      };
      return props.practiceCode ? call(practiceApi.updateData, body) : call(practiceApi.addData, body);
    },
    success: '保存成功',
    onSuccess: () => props.onSaved(),
  });

  return (
    <EditorDrawer
      open={props.open}
      title={props.practiceCode ? '编辑练习' : '新增练习'}
      width={720}
      onClose={props.onClose}
      isDirty={() => form.isFieldsTouched()}
      loading={loading}
      saving={persist.isPending}
      onSave={() => persist.mutate()}
      saveTestId="practice-save"
      dialogs={participants.dialog}
    >
      <Form form={form} layout="vertical" data-testid="practice-editor">
        <RequiredText name="practiceName" label="练习名称" max={PRACTICE_NAME_MAX} testId="practice-name" />
        <Form.Item name="sourceKind" label="题目来源">
          <Radio.Group options={SOURCE_OPTIONS} data-testid="practice-source-kind" />
        </Form.Item>
        {sourceKind === PracticeSource.Paper ? (
          <Form.Item name="paperCode" label="试卷" rules={[{ required: true, message: '请选择试卷' }]}>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder="选择试卷"
              data-testid="practice-paper"
              options={(papers.data?.models ?? []).map((p) => ({ value: p.paperCode, label: `${p.paperName}（${p.totleq} 题）` }))}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="dirCode"
            label="题库目录"
            extra="练习包含该目录及其下级目录中的全部试题"
            rules={[{ required: true, message: '请选择题库目录' }]}
          >
            <TreeSelect
              showSearch
              treeNodeFilterProp="title"
              treeDefaultExpandAll
              placeholder="选择题库目录"
              data-testid="practice-dir"
              treeData={dirOptions(dirs.data ?? [])}
            />
          </Form.Item>
        )}
        {overlap.data?.exams.length ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="practice-overlap"
            title={practiceOverlapText(overlap.data)}
          />
        ) : null}
        <Form.Item
          name="clearStreak"
          label="连续答对几次移出错题本"
          extra="学员在本练习中答错的题进入错题本，之后连续答对这么多次自动移出（也可以手动移出）"
          rules={[{ required: true, message: '请输入次数' }]}
        >
          <InputNumber min={1} max={WRONG_CLEAR_STREAK_MAX} data-testid="practice-streak" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group options={STATUS_OPTIONS} />
        </Form.Item>
        <Form.Item label="参加人员" required>
          {participants.field}
        </Form.Item>
      </Form>
    </EditorDrawer>
  );
}
