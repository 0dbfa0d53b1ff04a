import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ExamLimits,
  examsApi,
  type InputOf,
  PaperType,
  paperTotals,
  Q_TYPE_LABELS,
  Q_TYPES,
  type QuestionDirNode,
  stemText,
} from '@xuetu/contract';
import { Alert, App, Button, Descriptions, Form, Input, InputNumber, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { call } from '../../../../api/client';
import { useCall } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { indexColumn, reorderColumn } from '../../../../components/OrderedList';
import { EditorDrawer, type EditorProps, useEditorRecord } from '../../EditorDrawer';
import { DirSelect, typeTag } from '../shared';
import { QuestionPicker } from './QuestionPicker';

interface Item {
  qCode: string;
  qType: number;
  qName: string;
  score: number;
  deleted?: boolean;
}
interface Rule {
  key: number;
  qType: number;
  dirCode: string;
  count: number;
  score: number;
}

let ruleKey = 0;
const newRule = (): Rule => ({ key: ++ruleKey, qType: 1, dirCode: '', count: 1, score: 2 });

/** How many live questions of a type the directory (with sub-directories) holds: the bank's page count. */
function Available({ rule, company }: { rule: Rule; company: string }) {
  const q = useCall(examsApi.questionGetPageList, {
    qType: rule.qType,
    dirCode: rule.dirCode,
    keyword: '',
    companySysCode: company,
    pageIndex: 1,
    pageRows: 1,
  });
  const n = q.data?.totalCount;
  if (n === undefined) return null;
  return <Typography.Text type={n < rule.count ? 'danger' : 'secondary'}>题库中有 {n} 道</Typography.Text>;
}

/** The paper as edited, to tell whether it changed (a rule's key is the editor's own). */
const paperShape = (p: { name: string; intro: string; type: number; items: Item[]; rules: Rule[] }) =>
  JSON.stringify([p.name, p.intro, p.type, p.items, p.rules.map(({ key: _k, ...r }) => r)]);

/** 新增/编辑试卷: fixed questions picked from the bank with a score each, or random rules; totals update as you go. */
export function PaperEditor(props: EditorProps & { paperCode: string | null; tree: QuestionDirNode[] }) {
  const { message } = App.useApp();
  const [name, setName] = useState('');
  const [intro, setIntro] = useState('');
  const [type, setType] = useState<number>(PaperType.Fixed);
  const [items, setItems] = useState<Item[]>([]);
  const [rules, setRules] = useState<Rule[]>([newRule()]);
  const [picking, setPicking] = useState(false);
  // what the editor was filled with: closing over anything else asks first
  const stored = useRef('');
  const persist = useAppMutation({
    mutationFn: async (body: InputOf<typeof examsApi.paperAddData>) =>
      props.paperCode ? void (await call(examsApi.paperUpdateData, body)) : call(examsApi.paperAddData, body),
    success: '保存成功',
    onSuccess: () => props.onSaved(),
  });
  const { existing, loading } = useEditorRecord({
    open: props.open,
    code: props.paperCode,
    endpoint: examsApi.paperGetData,
    input: (paperCode) => ({ paperCode }),
    fill: (p) => {
      const filled = {
        name: p?.paperName ?? '',
        intro: p?.paperIntrduce ?? '',
        type: p?.paperType ?? PaperType.Fixed,
        items: (p?.questions ?? []).map((q) => ({
          qCode: q.qCode,
          qType: q.qType,
          qName: q.qName,
          score: q.paperScore,
          deleted: q.deleted,
        })),
        rules: p?.rules.length ? p.rules.map((r) => ({ ...newRule(), ...r })) : [newRule()],
      };
      setName(filled.name);
      setIntro(filled.intro);
      setType(filled.type);
      setItems(filled.items);
      setRules(filled.rules);
      stored.current = paperShape(filled);
    },
  });

  const totals = type === PaperType.Fixed ? paperTotals(items) : paperTotals(rules);
  const locked = existing.data?.locked ?? false;
  const move = (i: number, by: number) =>
    setItems((list) => {
      const next = [...list];
      const [it] = next.splice(i, 1);
      next.splice(i + by, 0, it);
      return next;
    });
  const setRule = (key: number, patch: Partial<Rule>) => setRules((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const save = async () => {
    if (!name.trim()) return message.error('请输入试卷名称');
    const body = {
      paperCode: props.paperCode ?? '',
      paperName: name,
      paperIntrduce: intro,
      paperType: type,
      questions: type === PaperType.Fixed ? items.map((i) => ({ qCode: i.qCode, score: i.score })) : [],
      rules: type === PaperType.Random ? rules.map(({ key: _k, ...r }) => r) : [],
      companySysCode: props.company,
    };
    persist.mutate(body);
  };

  return (
    <EditorDrawer
      isDirty={() => stored.current !== '' && paperShape({ name, intro, type, items, rules }) !== stored.current}
      open={props.open}
      title={props.paperCode ? '编辑试卷' : '新增试卷'}
      width={960}
      onClose={props.onClose}
      loading={loading}
      saving={persist.isPending}
      onSave={save}
      saveTestId="paper-save"
      dialogs={
        <QuestionPicker
          open={picking}
          tree={props.tree}
          company={props.company}
          taken={items.map((i) => i.qCode)}
          onCancel={() => setPicking(false)}
          onOk={(picked) => {
            setItems((list) => [...list, ...picked.map((q) => ({ qCode: q.qCode, qType: q.qType, qName: q.qName, score: q.score }))]);
            setPicking(false);
          }}
        />
      }
    >
      <Form layout="vertical" data-testid="paper-editor">
        {locked && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="已有学员开始作答，只能修改试卷名称和说明。" />}
        <Form.Item label="试卷名称" required>
          <Input value={name} maxLength={ExamLimits.nameMax} onChange={(e) => setName(e.target.value)} data-testid="paper-name" />
        </Form.Item>
        <Form.Item label="试卷说明">
          <Input.TextArea rows={2} value={intro} maxLength={ExamLimits.introMax} onChange={(e) => setIntro(e.target.value)} />
        </Form.Item>
        <Form.Item label="组卷方式">
          <Radio.Group
            value={type}
            disabled={locked}
            optionType="button"
            onChange={(e) => setType(e.target.value)}
            options={[
              { value: PaperType.Fixed, label: '固定试题' },
              { value: PaperType.Random, label: '随机抽题' },
            ]}
          />
        </Form.Item>
        <Descriptions size="small" bordered column={7} style={{ marginBottom: 16 }} data-testid="paper-totals">
          <Descriptions.Item label="总分">{totals.totlescore}</Descriptions.Item>
          <Descriptions.Item label="题数">{totals.totleq}</Descriptions.Item>
          {Q_TYPES.map((t) => (
            <Descriptions.Item key={t} label={Q_TYPE_LABELS[t]}>
              {totals[`type${t}` as 'type1']}
            </Descriptions.Item>
          ))}
        </Descriptions>
        {type === PaperType.Fixed ? (
          <>
            <Button
              icon={<PlusOutlined />}
              disabled={locked}
              onClick={() => setPicking(true)}
              style={{ marginBottom: 12 }}
              data-testid="paper-pick"
            >
              添加试题
            </Button>
            <Table<Item>
              size="small"
              rowKey="qCode"
              dataSource={items}
              pagination={false}
              locale={{ emptyText: '还没有试题，点击“添加试题”从题库选择' }}
              columns={[
                indexColumn,
                { title: '题型', dataIndex: 'qType', width: 90, render: typeTag },
                {
                  title: '题干',
                  dataIndex: 'qName',
                  ellipsis: true,
                  render: (v: string, r) => (
                    <>
                      {r.deleted && <Tag color="red">已删除</Tag>}
                      {stemText(v)}
                    </>
                  ),
                },
                {
                  title: '分值',
                  dataIndex: 'score',
                  width: 110,
                  render: (v: number, r) => (
                    <InputNumber
                      size="small"
                      min={0.5}
                      max={1000}
                      step={0.5}
                      value={v}
                      disabled={locked}
                      onChange={(s) => setItems((list) => list.map((x) => (x.qCode === r.qCode ? { ...x, score: s ?? v } : x)))}
                    />
                  ),
                },
                reorderColumn<Item>({
                  width: 120,
                  count: items.length,
                  disabled: locked,
                  onMove: move,
                  onRemove: (r) => setItems((list) => list.filter((x) => x.qCode !== r.qCode)),
                }),
              ]}
            />
          </>
        ) : (
          <Space direction="vertical" style={{ width: '100%' }} data-testid="paper-rules">
            {rules.map((r, i) => (
              <Space key={r.key} wrap>
                <Typography.Text>规则 {i + 1}</Typography.Text>
                <Select
                  aria-label={`规则 ${i + 1} 题型`}
                  style={{ width: 100 }}
                  value={r.qType}
                  disabled={locked}
                  options={Q_TYPES.map((t) => ({ value: t, label: Q_TYPE_LABELS[t] }))}
                  onChange={(v) => setRule(r.key, { qType: v })}
                />
                <DirSelect tree={props.tree} value={r.dirCode} placeholder="全部题库" onChange={(v) => setRule(r.key, { dirCode: v })} />
                <InputNumber
                  addonBefore="抽"
                  addonAfter="道"
                  min={1}
                  max={500}
                  value={r.count}
                  disabled={locked}
                  onChange={(v) => setRule(r.key, { count: v ?? 1 })}
                />
                <InputNumber
                  addonBefore="每题"
                  addonAfter="分"
                  min={0.5}
                  max={1000}
                  step={0.5}
                  value={r.score}
                  disabled={locked}
                  onChange={(v) => setRule(r.key, { score: v ?? 1 })}
                />
                <Available rule={r} company={props.company} />
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label="删除规则"
                  disabled={locked || rules.length <= 1}
                  onClick={() => setRules((rs) => rs.filter((x) => x.key !== r.key))}
                />
              </Space>
            ))}
            <Button icon={<PlusOutlined />} disabled={locked} onClick={() => setRules((rs) => [...rs, newRule()])}>
              添加规则
            </Button>
          </Space>
        )}
      </Form>
    </EditorDrawer>
  );
}
