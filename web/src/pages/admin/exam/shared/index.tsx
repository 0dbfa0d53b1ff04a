// Pieces the exam administration pages share: the company picker of platform staff, the
// directory tree select and the read-only rendering of a question (editor preview, paper preview).

import { DownloadOutlined } from '@ant-design/icons';
import { examsApi, OPTION_LETTERS, parseBlankAnswer, Q_TYPE_LABELS, Q_TYPES, type QuestionDirNode } from '@xuetu/contract';
import { Button, Select, Space, Tag, TreeSelect, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useCall } from '../../../../api/hooks';
import { RichTextView } from '../../../../components/RichTextView';
import { useCompanyOptions, useIsPlatformStaff } from '../../content/companies';
import { FilterSelect } from '../../listParts';

/** Platform staff work on one company at a time (they must name it on writes); others on their own. */
export function useExamCompany() {
  const staff = useIsPlatformStaff();
  const companies = useCompanyOptions(staff);
  const [picked, setPicked] = useState('');
  const company = staff ? picked || companies.data?.[0]?.value || '' : '';
  const picker = staff ? (
    <Select
      style={{ width: 200 }}
      value={company || undefined}
      aria-label="选择公司"
      placeholder="选择公司"
      options={companies.data ?? []}
      onChange={setPicked}
      data-testid="exam-company"
    />
  ) : null;
  return { staff, company, picker };
}

export function useDirTree(company: string, enabled = true) {
  return useCall(examsApi.getTreeData, { companySysCode: company }, { enabled });
}

type TreeOpt = { value: string; title: string; key: string; children: TreeOpt[] };
export const dirOptions = (nodes: QuestionDirNode[]): TreeOpt[] =>
  nodes.map((n) => ({ value: n.dirCode, key: n.dirCode, title: n.dirName, children: dirOptions(n.children) }));

export function DirSelect({
  tree,
  value,
  onChange,
  placeholder = '选择目录',
  allowClear = true,
  style,
}: {
  tree: QuestionDirNode[];
  value?: string;
  onChange?: (v: string) => void;
  placeholder?: string;
  allowClear?: boolean;
  style?: React.CSSProperties;
}) {
  return (
    <TreeSelect
      style={{ minWidth: 180, ...style }}
      treeDefaultExpandAll
      allowClear={allowClear}
      aria-label={placeholder}
      placeholder={placeholder}
      value={value || undefined}
      onChange={(v) => onChange?.(v ?? '')}
      treeData={dirOptions(tree)}
    />
  );
}

/** A button that downloads a file (a template, an export), spinning while it is made. */
export function DownloadButton({
  download,
  testId,
  children,
}: {
  download: { isPending: boolean; mutate: () => void };
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()} data-testid={testId}>
      {children}
    </Button>
  );
}

/** The 题型 filter of the question bank's and the paper picker's search rows. */
export const QTypeFilter = () => (
  <FilterSelect name="qType" label="题型" width={110} options={Q_TYPES.map((t) => ({ value: t, label: Q_TYPE_LABELS[t] }))} />
);

export const typeTag = (qType: number) => (
  <Tag color={['', 'blue', 'purple', 'cyan', 'orange', 'magenta'][qType]}>{Q_TYPE_LABELS[qType]}</Tag>
);

/** The answer key as a person reads it: letters, 正确/错误, blanks one per line. */
export function answerText(qType: number, answer: string): string {
  if (qType === 3) return answer === 'A' ? '正确' : answer === 'B' ? '错误' : answer;
  if (qType === 4) return (parseBlankAnswer(answer) ?? []).map((b, i) => `第${i + 1}空：${b.split('|').join(' 或 ')}`).join('；');
  return answer;
}

/** A question as a learner sees it, with the key and analysis for the author. */
export function QuestionPreview({
  index,
  qType,
  qName,
  options,
  answer,
  analysis,
  score,
}: {
  index?: number;
  qType: number;
  qName: string;
  options: string[];
  answer: string;
  analysis: string;
  score?: number;
}) {
  return (
    <div className="xt-question-preview" style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Space align="start">
        {index !== undefined && <Typography.Text strong>{index}.</Typography.Text>}
        {typeTag(qType)}
        {score !== undefined && <Typography.Text type="secondary">（{score} 分）</Typography.Text>}
      </Space>
      {/* stems are sanitised on the server when saved (tiptap's own output while drafting) */}
      <RichTextView className="xt-question-stem" html={qName} />
      {options.map((o, i) => (
        <div key={OPTION_LETTERS[i]} style={{ padding: '2px 0' }}>
          {OPTION_LETTERS[i]}. {o}
        </div>
      ))}
      <div style={{ marginTop: 8 }}>
        <Typography.Text type="success">答案：{answerText(qType, answer)}</Typography.Text>
      </div>
      {analysis && (
        <div>
          <Typography.Text type="secondary">解析：</Typography.Text>
          <RichTextView html={analysis} />
        </div>
      )}
    </div>
  );
}
