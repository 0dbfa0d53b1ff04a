import { Perm, PRACTICE_SOURCE_LABELS, PRACTICE_STATUS_LABELS, type PracticeView, practiceApi } from '@xuetu/contract';
import { App, Card, Form, Input, Space, Table, Tag } from 'antd';
import { call } from '../../../../api/client';
import { useInvalidate } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { useCan } from '../../../../components/Can';
import { type ListFilter, useLifecycleList } from '../../LifecycleList';
import { AddButton, EditDeleteLinks, SearchButton, useEditorDialog } from '../../listParts';
import { PracticeEditor } from './PracticeEditor';

/** 练习管理 (issue 26 item 1): practices on a question directory or a paper, with their participants. */
export default function PracticeManagePage() {
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const can = useCan();
  const { company, picker, search, table } = useLifecycleList<PracticeView, ListFilter>(practiceApi.getPageList);
  const editor = useEditorDialog();
  const reload = () => invalidate('exam-taking');
  const remove = useAppMutation({
    mutationFn: (code: string) => call(practiceApi.delete, { practiceCode: code }),
    onSuccess: () => {
      message.success('删除成功!');
      void reload();
    },
  });

  return (
    <Card variant="borderless" data-testid="practice-admin">
      <Form
        layout="inline"
        onFinish={(v: { keyword?: string }) => search({ keyword: v.keyword ?? '' })}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        {picker}
        <Form.Item name="keyword">
          <Input allowClear placeholder="练习名称" aria-label="练习名称" />
        </Form.Item>
        <Space>
          <SearchButton />
          <AddButton action={Perm.PracticeEdit} onClick={editor.add} testId="practice-add">
            新增练习
          </AddButton>
        </Space>
      </Form>
      <Table<PracticeView>
        rowKey="practiceCode"
        {...table}
        scroll={{ x: 900 }}
        columns={[
          { title: '练习名称', dataIndex: 'practiceName', width: 220, ellipsis: true },
          {
            title: '题目来源',
            key: 'source',
            width: 220,
            render: (_: unknown, p) => `${PRACTICE_SOURCE_LABELS[p.sourceKind] ?? ''}：${p.sourceName || '（已删除）'}`,
          },
          { title: '题数', dataIndex: 'questionCount', width: 80 },
          { title: '已练习人数', dataIndex: 'learnerCount', width: 110 },
          { title: '移出错题本', dataIndex: 'clearStreak', width: 120, render: (n: number) => `连续答对 ${n} 次` },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: number) => <Tag color={s === 1 ? 'green' : 'default'}>{PRACTICE_STATUS_LABELS[s] ?? s}</Tag>,
          },
          {
            title: '操作',
            key: 'op',
            width: 150,
            fixed: 'right',
            render: (_: unknown, p) =>
              can(Perm.PracticeEdit) && (
                <Space size={0}>
                  <EditDeleteLinks
                    onEdit={() => editor.edit(p.practiceCode)}
                    editTestId="practice-edit"
                    confirm="删除后学员的练习记录一并删除（错题本保留），确定删除吗？"
                    onDelete={() => remove.mutate(p.practiceCode)}
                  />
                </Space>
              ),
          },
        ]}
      />
      <PracticeEditor practiceCode={editor.code} company={company} {...editor.dialog(reload)} />
    </Card>
  );
}
