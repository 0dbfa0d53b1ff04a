import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Perm, PROJECT_STATUS_LABELS, type ProjectView } from '@xuetu/contract';
import { Button, Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { closeProject, deleteProject, getProjectPage, publishProject } from '../../../api/projects';
import { useAppMutation } from '../../../app/useAppMutation';
import { Can, useCan } from '../../../components/Can';
import { useExamCompany } from '../exam/shared';
import { LifecycleActions } from '../LifecycleActions';
import { DEFAULT_PAGE, pager } from '../shared';
import { EnrolmentDrawer } from './EnrolmentDrawer';
import { ProjectEditor } from './ProjectEditor';

const KEY = ['project', 'projects'] as const;
const STATUS_COLOR = ['default', 'green', 'red'];

/** 培训项目 (/project/manage): list, editor (courses, participants, settings), publish / close, learners. */
export default function ProjectManagePage() {
  const qc = useQueryClient();
  const can = useCan();
  const { company, picker } = useExamCompany();
  const [filter, setFilter] = useState<{ keyword: string; status?: number }>({ keyword: '' });
  const [page, setPage] = useState(DEFAULT_PAGE);
  const [editor, setEditor] = useState<{ open: boolean; code: string | null }>({ open: false, code: null });
  const [learners, setLearners] = useState<ProjectView | null>(null);
  const list = useQuery({
    queryKey: [...KEY, filter, page, company],
    queryFn: () => getProjectPage({ ...filter, companySysCode: company, pageIndex: page.pageIndex, pageRows: page.pageSize }),
    placeholderData: keepPreviousData,
  });
  const act = useAppMutation({
    mutationFn: async ({ kind, code }: { kind: 'publish' | 'close' | 'delete'; code: string }) => {
      if (kind === 'publish') return (await publishProject(code)).msg;
      if (kind === 'close') await closeProject(code);
      else await deleteProject(code);
      return kind === 'close' ? '项目已结束' : '删除成功';
    },
    success: (msg) => msg,
    invalidate: [['project']],
  });

  return (
    <Card variant="borderless" data-testid="project-admin">
      <Form
        layout="inline"
        style={{ marginBottom: 16, rowGap: 12 }}
        onFinish={(v: { keyword?: string; status?: number }) => {
          setFilter({ keyword: v.keyword ?? '', status: v.status });
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
      >
        {picker && <Form.Item>{picker}</Form.Item>}
        <Form.Item name="keyword">
          <Input placeholder="项目名称" allowClear data-testid="project-keyword" />
        </Form.Item>
        <Form.Item name="status">
          <Select
            style={{ width: 120 }}
            placeholder="状态"
            allowClear
            options={Object.entries(PROJECT_STATUS_LABELS).map(([v, l]) => ({ value: Number(v), label: l }))}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            搜索
          </Button>
          <Can action={Perm.ProjectEdit}>
            <Button icon={<PlusOutlined />} onClick={() => setEditor({ open: true, code: null })} data-testid="project-add">
              新增项目
            </Button>
          </Can>
        </Space>
      </Form>
      <Table<ProjectView>
        rowKey="projectCode"
        loading={list.isFetching}
        dataSource={list.data?.models ?? []}
        scroll={{ x: 1100 }}
        pagination={pager({ ...page, total: list.data?.totalCount ?? 0 }, (pageIndex, pageSize) => setPage({ pageIndex, pageSize }))}
        columns={[
          { title: '项目名称', dataIndex: 'projectName', width: 240, ellipsis: true },
          { title: '项目周期', key: 'period', width: 210, render: (_: unknown, p) => `${p.startDate} 至 ${p.endDate}` },
          { title: '考核学时', dataIndex: 'checkHrs', width: 90 },
          { title: '课程数', dataIndex: 'resCount', width: 80 },
          { title: '已加入', dataIndex: 'userCount', width: 80 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: number) => <Tag color={STATUS_COLOR[s]}>{PROJECT_STATUS_LABELS[s]}</Tag>,
          },
          {
            title: '操作',
            key: 'op',
            width: 280,
            fixed: 'right',
            render: (_: unknown, p) => (
              <LifecycleActions
                status={p.status}
                canEdit={can(Perm.ProjectEdit)}
                canPublish={can(Perm.ProjectPublish)}
                deletable={p.userCount === 0}
                texts={{
                  publish: '发布后参训人员会收到培训通知，确定发布吗？',
                  close: '结束后学员不能再加入该项目，确定结束吗？',
                  remove: '确定删除该项目吗？',
                }}
                testIdPrefix="project"
                onEdit={() => setEditor({ open: true, code: p.projectCode })}
                onAct={(kind) => act.mutate({ kind, code: p.projectCode })}
                extra={
                  <Button size="small" type="link" onClick={() => setLearners(p)}>
                    学员名单
                  </Button>
                }
              />
            ),
          },
        ]}
      />
      <ProjectEditor
        open={editor.open}
        projectCode={editor.code}
        company={company}
        onClose={() => setEditor({ open: false, code: null })}
        onSaved={() => {
          setEditor({ open: false, code: null });
          void qc.invalidateQueries({ queryKey: ['project'] });
        }}
      />
      <EnrolmentDrawer project={learners} onClose={() => setLearners(null)} />
    </Card>
  );
}
