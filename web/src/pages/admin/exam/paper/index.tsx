import { examsApi, type PaperView, Perm } from '@xuetu/contract';
import { Button, Card, Empty, Form, Modal, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../../api/client';
import { useCall, useInvalidate } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { useCan } from '../../../../components/Can';
import { type ListFilter, useLifecycleList } from '../../LifecycleList';
import { AddButton, EditDeleteLinks, FilterSelect, KeywordItem, SearchButton, SearchForm, useEditorDialog } from '../../listParts';
import { QuestionPreview, useDirTree } from '../shared';
import { PaperEditor } from './PaperEditor';

/** Papers have no lifecycle: the list filters by 组卷方式 instead of a status. */
type PaperFilter = ListFilter & { paperType?: number };
const PAPER_TYPE_OPTIONS = [
  { value: 1, label: '固定试题' },
  { value: 2, label: '随机抽题' },
];

function PaperPreview({ code, onClose }: { code: string | null; onClose: () => void }) {
  const q = useCall(examsApi.paperPreview, { paperCode: code ?? '' }, { enabled: !!code });
  return (
    <Modal open={!!code} title={q.data?.paperName ?? '试卷预览'} width={860} footer={null} onCancel={onClose} destroyOnHidden>
      {q.isLoading ? (
        <Skeleton active />
      ) : q.data ? (
        <div data-testid="paper-preview">
          <Typography.Paragraph type="secondary">
            总分 {q.data.totlescore} 分，共 {q.data.totleq} 题
            {q.data.paperType === 2 ? '（随机卷：以下为一次示例抽题，每位学员开考时各自抽题）' : ''}
          </Typography.Paragraph>
          {q.data.questions.map((x) => (
            <QuestionPreview key={x.qCode} index={x.order} {...x} />
          ))}
        </div>
      ) : (
        <Empty />
      )}
    </Modal>
  );
}

/** 试卷管理: list, fixed/random editor with live totals, preview, delete. */
export default function PaperPage() {
  const can = useCan();
  const { company, picker, search, table } = useLifecycleList<PaperView, PaperFilter>(examsApi.paperGetPageList);
  const invalidate = useInvalidate();
  const dirs = useDirTree(company);
  const editor = useEditorDialog();
  const [preview, setPreview] = useState<string | null>(null);
  const reload = () => invalidate('exams');
  const remove = useAppMutation({
    mutationFn: (code: string) => call(examsApi.paperDelete, { paperCode: code }),
    success: '删除成功!',
    onSuccess: () => void reload(),
  });
  return (
    <Card variant="borderless" data-testid="paper-admin">
      <SearchForm onFinish={(v: Partial<PaperFilter>) => search({ keyword: v.keyword ?? '', paperType: v.paperType })}>
        {picker && <Form.Item>{picker}</Form.Item>}
        <KeywordItem placeholder="试卷名称" />
        <FilterSelect name="paperType" label="组卷方式" width={120} options={PAPER_TYPE_OPTIONS} />
        <Space>
          <SearchButton />
          <AddButton action={Perm.PaperEdit} onClick={editor.add} testId="paper-add">
            新增试卷
          </AddButton>
        </Space>
      </SearchForm>
      <Table<PaperView>
        rowKey="paperCode"
        {...table}
        scroll={{ x: 960 }}
        columns={[
          { title: '试卷名称', dataIndex: 'paperName', width: 220, ellipsis: true },
          {
            title: '组卷方式',
            dataIndex: 'paperType',
            width: 100,
            render: (t: number) => (t === 1 ? <Tag color="blue">固定试题</Tag> : <Tag color="purple">随机抽题</Tag>),
          },
          { title: '总分', dataIndex: 'totlescore', width: 80 },
          { title: '题数', dataIndex: 'totleq', width: 70 },
          {
            title: '单/多/判/填/简',
            key: 'types',
            width: 140,
            render: (_: unknown, p) => [p.type1, p.type2, p.type3, p.type4, p.type5].join(' / '),
          },
          { title: '使用考试', dataIndex: 'examCount', width: 90 },
          { title: '更新时间', dataIndex: 'updateTime', width: 160, render: (v: string) => v.slice(0, 16) },
          {
            title: '操作',
            key: 'op',
            width: 180,
            fixed: 'right',
            render: (_: unknown, p) => (
              <Space size={4}>
                <Button size="small" type="link" onClick={() => setPreview(p.paperCode)}>
                  预览
                </Button>
                {can(Perm.PaperEdit) && (
                  <EditDeleteLinks
                    onEdit={() => editor.edit(p.paperCode)}
                    confirm="确定删除该试卷吗？"
                    onDelete={() => remove.mutate(p.paperCode)}
                    deleteDisabled={p.examCount > 0}
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
      <PaperEditor paperCode={editor.code} tree={dirs.data ?? []} company={company} {...editor.dialog(reload)} />
      <PaperPreview code={preview} onClose={() => setPreview(null)} />
    </Card>
  );
}
