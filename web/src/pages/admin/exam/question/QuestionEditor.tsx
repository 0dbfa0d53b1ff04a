import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  countBlanks,
  ExamLimits,
  examsApi,
  filledOptions,
  type InputOf,
  JUDGE_OPTIONS,
  MIN_CHOICE_OPTIONS,
  normalizeAnswer,
  noticesApi,
  OPTION_KEYS,
  OPTION_LETTERS,
  parseBlankAnswer,
  Q_TYPE_LABELS,
  Q_TYPES,
  type QuestionDirNode,
} from '@xuetu/contract';
import { App, Button, Checkbox, Form, Input, InputNumber, Modal, Radio, Rate, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call, callUpload } from '../../../../api/client';
import { useCall } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { RichText } from '../../../../components/RichText';
import type { DirDialogProps } from '../../TreeTablePage';
import { useConfirmDiscard } from '../../useConfirmDiscard';
import { DirSelect, QuestionPreview } from '../shared';

interface Draft {
  qType: number;
  qName: string;
  options: string[];
  /** single / judge: one letter; multiple: letters */
  choice: string[];
  blanks: string[];
  essay: string;
  analysis: string;
  difficulty: number;
  score: number;
  dirCode: string;
}

const EMPTY: Draft = {
  qType: 1,
  qName: '',
  options: ['', '', '', ''],
  choice: [],
  blanks: [],
  essay: '',
  analysis: '',
  difficulty: 3,
  score: 2,
  dirCode: '',
};

/** The answer in the bank's one format (contract `normalizeAnswer` checks it). */
function answerOf(d: Draft): string | string[] {
  if (d.qType === 1 || d.qType === 3) return d.choice[0] ?? '';
  if (d.qType === 2) return [...d.choice].sort().join('');
  if (d.qType === 4) return d.blanks.map((b) => b.trim());
  return d.essay;
}

/**
 * 新增/编辑试题: per type — options A–I (add/remove), single/multiple key, 正确/错误, one answer
 * per blank of the stem (alternatives with |), reference answer; analysis; preview.
 */
export function QuestionEditor({
  open,
  qCode,
  tree,
  defaultDir,
  company,
  onClose,
  onSaved,
}: DirDialogProps<QuestionDirNode> & { qCode: string | null; onSaved: () => void }) {
  const { message } = App.useApp();
  const [d, setD] = useState<Draft>(EMPTY);
  // the author changed something since the dialog opened: closing asks first
  const [touched, setTouched] = useState(false);
  const close = useConfirmDiscard(() => touched, onClose);
  const persist = useAppMutation({
    // an update answers no data (null, as the save expects)
    mutationFn: async (body: InputOf<typeof examsApi.questionAddData>) => {
      if (!qCode) return call(examsApi.questionAddData, body);
      await call(examsApi.questionUpdateData, body);
      return null;
    },
    success: '保存成功',
    onSuccess: () => onSaved(),
  });
  const [preview, setPreview] = useState(false);
  const existing = useCall(examsApi.questionGetData, { qCode: qCode ?? '' }, { enabled: open && !!qCode });

  useEffect(() => {
    if (!open) return;
    setTouched(false);
    if (!qCode) {
      setD({ ...EMPTY, dirCode: defaultDir });
      return;
    }
    const q = existing.data;
    if (!q) return;
    setD({
      qType: q.qType,
      qName: q.qName,
      options: q.qType <= 2 ? filledOptions(q) : ['', '', '', ''],
      choice: q.qType <= 3 ? [...q.answer] : [],
      blanks: q.qType === 4 ? (parseBlankAnswer(q.answer) ?? []) : [],
      essay: q.qType === 5 ? q.answer : '',
      analysis: q.analysis,
      difficulty: q.difficulty,
      score: q.score,
      dirCode: q.dirCode,
    });
  }, [open, qCode, existing.data, defaultDir]);

  const set = (patch: Partial<Draft>) => {
    setD((cur) => ({ ...cur, ...patch }));
    setTouched(true);
  };
  const blankCount = d.qType === 4 ? countBlanks(d.qName) : 0;
  // keep one answer box per blank of the stem as the author types
  useEffect(() => {
    if (d.qType !== 4) return;
    setD((cur) =>
      cur.blanks.length === blankCount ? cur : { ...cur, blanks: Array.from({ length: blankCount }, (_, i) => cur.blanks[i] ?? '') },
    );
  }, [d.qType, blankCount]);

  const letters = OPTION_LETTERS.slice(0, d.options.length);
  const optionCount = d.qType === 3 ? 2 : d.qType <= 2 ? d.options.length : 0;
  const previewOptions = d.qType === 3 ? [JUDGE_OPTIONS.a, JUDGE_OPTIONS.b] : d.qType <= 2 ? d.options : [];
  const checked = normalizeAnswer({ qType: d.qType, qName: d.qName, optionCount }, answerOf(d));

  const save = async () => {
    if (!d.qName.trim()) return message.error('请输入题干');
    if (d.qType <= 2 && d.options.some((o) => !o.trim())) return message.error('请填写每个选项，或删除空选项');
    if (!checked.ok) return message.error(checked.error);
    const body = {
      qCode: qCode ?? '',
      qType: d.qType,
      qName: d.qName,
      ...Object.fromEntries(OPTION_KEYS.map((k, i) => [k, d.qType <= 2 ? (d.options[i] ?? '') : ''])),
      answer: answerOf(d),
      analysis: d.analysis,
      difficulty: d.difficulty,
      score: d.score,
      dirCode: d.dirCode,
      companySysCode: company,
    };
    persist.mutate(body);
  };

  return (
    <Modal
      open={open}
      title={qCode ? '编辑试题' : '新增试题'}
      width={860}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => setPreview(true)}>预览</Button>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={persist.isPending} onClick={save} data-testid="question-save">
            保存
          </Button>
        </Space>
      }
    >
      {qCode && existing.isLoading ? (
        <Skeleton active />
      ) : (
        <Form layout="horizontal" labelCol={{ flex: '88px' }} data-testid="question-editor">
          <Form.Item label="题型" required>
            <Radio.Group
              value={d.qType}
              disabled={!!qCode}
              optionType="button"
              options={Q_TYPES.map((t) => ({ value: t, label: Q_TYPE_LABELS[t] }))}
              onChange={(e) => set({ qType: e.target.value, choice: [] })}
            />
          </Form.Item>
          <Form.Item label="目录">
            <DirSelect tree={tree} value={d.dirCode} onChange={(v) => set({ dirCode: v })} placeholder="不选则不归入目录" />
          </Form.Item>
          <Form.Item label="题干" required extra={d.qType === 4 ? `用（）或 ___ 标出每一空；当前题干有 ${blankCount} 个空` : undefined}>
            <RichText
              value={d.qName}
              minHeight={120}
              onChange={(html) => set({ qName: html })}
              onUploadImage={async (file) => (await callUpload(noticesApi.uploadContentFile, file, { params: { kind: 'image' } })).url}
            />
          </Form.Item>
          {d.qType <= 2 && (
            <Form.Item label="选项" required>
              <Space direction="vertical" style={{ width: '100%' }}>
                {d.options.map((o, i) => (
                  <Space.Compact key={OPTION_LETTERS[i]} style={{ width: '100%' }}>
                    <Button disabled style={{ width: 44 }}>
                      {OPTION_LETTERS[i]}
                    </Button>
                    <Input
                      value={o}
                      maxLength={ExamLimits.optionMax}
                      placeholder={`选项 ${OPTION_LETTERS[i]}`}
                      onChange={(e) => set({ options: d.options.map((x, j) => (j === i ? e.target.value : x)) })}
                    />
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`删除选项 ${OPTION_LETTERS[i]}`}
                      disabled={d.options.length <= MIN_CHOICE_OPTIONS}
                      onClick={() =>
                        set({
                          options: d.options.filter((_, j) => j !== i),
                          // letters after the removed one move up by one
                          choice: d.choice
                            .filter((l) => l !== OPTION_LETTERS[i])
                            .map((l) => (OPTION_LETTERS.indexOf(l) > i ? OPTION_LETTERS[OPTION_LETTERS.indexOf(l) - 1] : l)),
                        })
                      }
                    />
                  </Space.Compact>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  disabled={d.options.length >= OPTION_KEYS.length}
                  onClick={() => set({ options: [...d.options, ''] })}
                >
                  添加选项
                </Button>
              </Space>
            </Form.Item>
          )}
          <Form.Item label="答案" required>
            {d.qType === 1 && (
              <Radio.Group
                value={d.choice[0]}
                onChange={(e) => set({ choice: [e.target.value] })}
                options={letters.map((l) => ({ value: l, label: l }))}
              />
            )}
            {d.qType === 2 && <Checkbox.Group value={d.choice} onChange={(v) => set({ choice: v as string[] })} options={letters} />}
            {d.qType === 3 && (
              <Radio.Group
                value={d.choice[0]}
                onChange={(e) => set({ choice: [e.target.value] })}
                options={[
                  { value: 'A', label: JUDGE_OPTIONS.a },
                  { value: 'B', label: JUDGE_OPTIONS.b },
                ]}
              />
            )}
            {d.qType === 4 &&
              (blankCount === 0 ? (
                <Typography.Text type="secondary">请先在题干中用（）或 ___ 标出空位</Typography.Text>
              ) : (
                <Space direction="vertical" style={{ width: '100%' }}>
                  {d.blanks.map((b, i) => (
                    <Input
                      // biome-ignore lint/suspicious/noArrayIndexKey: one box per blank position
                      key={i}
                      addonBefore={`第 ${i + 1} 空`}
                      value={b}
                      placeholder="多个可接受答案用 | 分隔，如 北京|北京市"
                      onChange={(e) => set({ blanks: d.blanks.map((x, j) => (j === i ? e.target.value : x)) })}
                    />
                  ))}
                </Space>
              ))}
            {d.qType === 5 && (
              <Input.TextArea
                rows={4}
                value={d.essay}
                placeholder="参考答案（阅卷时参考）"
                onChange={(e) => set({ essay: e.target.value })}
              />
            )}
          </Form.Item>
          <Form.Item label="解析">
            <Input.TextArea
              rows={3}
              value={d.analysis}
              maxLength={ExamLimits.analysisMax}
              onChange={(e) => set({ analysis: e.target.value })}
            />
          </Form.Item>
          <Space size="large">
            <Form.Item label="难度">
              <Rate value={d.difficulty} onChange={(v) => set({ difficulty: v || 1 })} />
            </Form.Item>
            <Form.Item label="分值">
              <InputNumber min={0.5} max={1000} step={0.5} value={d.score} onChange={(v) => set({ score: v ?? 2 })} />
            </Form.Item>
          </Space>
        </Form>
      )}
      <Modal open={preview} title="试题预览" footer={null} width={720} onCancel={() => setPreview(false)}>
        <QuestionPreview
          qType={d.qType}
          qName={d.qName}
          options={previewOptions}
          answer={checked.ok ? checked.value : String(answerOf(d))}
          analysis={d.analysis}
          score={d.score}
        />
      </Modal>
    </Modal>
  );
}
