import { Perm, PROJECT_STATUS_LABELS, type ProjectView, projectsApi } from '@xuetu/contract';
import { Button, Card, Table } from 'antd';
import { useState } from 'react';
import { call, callEnvelope } from '../../../api/client';
import { useInvalidate } from '../../../api/hooks';
import { useCan } from '../../../components/Can';
import { lifecycleColumn, useLifecycleAct } from '../LifecycleActions';
import { StatusSearchForm, statusColumn, useLifecycleList } from '../LifecycleList';
import { AddButton, useEditorDialog } from '../listParts';
import { EnrolmentDrawer } from './EnrolmentDrawer';
import { ProjectEditor } from './ProjectEditor';

/** 培训项目 (/project/manage): list, editor (courses, participants, settings), publish / close, learners. */
export default function ProjectManagePage() {
  const invalidate = useInvalidate();
  const can = useCan();
  const { company, picker, search, table } = useLifecycleList(projectsApi.getPageList);
  const editor = useEditorDialog();
  const [learners, setLearners] = useState<ProjectView | null>(null);
  const act = useLifecycleAct({
    publish: (projectCode) => callEnvelope(projectsApi.publish, { projectCode }),
    close: (projectCode) => call(projectsApi.close, { projectCode }),
    remove: (projectCode) => call(projectsApi.delete, { projectCode }),
    words: { closed: '项目已结束', deleted: '删除成功' },
    module: 'projects',
  });
  const ops = {
    canEdit: can(Perm.ProjectEdit),
    canPublish: can(Perm.ProjectPublish),
    texts: {
      publish: '发布后参训人员会收到培训通知，确定发布吗？',
      close: '结束后学员不能再加入该项目，确定结束吗？',
      remove: '确定删除该项目吗？',
    },
    testIdPrefix: 'project',
  };

  return (
    <Card variant="borderless" data-testid="project-admin">
      <StatusSearchForm
        picker={picker}
        onSearch={search}
        keywordPlaceholder="项目名称"
        keywordTestId="project-keyword"
        statusLabels={PROJECT_STATUS_LABELS}
        actions={
          <AddButton action={Perm.ProjectEdit} onClick={editor.add} testId="project-add">
            新增项目
          </AddButton>
        }
      />
      <Table<ProjectView>
        rowKey="projectCode"
        {...table}
        scroll={{ x: 1100 }}
        columns={[
          { title: '项目名称', dataIndex: 'projectName', width: 240, ellipsis: true },
          { title: '项目周期', key: 'period', width: 210, render: (_: unknown, p) => `${p.startDate} 至 ${p.endDate}` },
          { title: '考核学时', dataIndex: 'checkHrs', width: 90 },
          { title: '课程数', dataIndex: 'resCount', width: 80 },
          { title: '已加入', dataIndex: 'userCount', width: 80 },
          statusColumn(PROJECT_STATUS_LABELS),
          lifecycleColumn<ProjectView>(280, ops, (p) => ({
            status: p.status,
            deletable: p.userCount === 0,
            onEdit: () => editor.edit(p.projectCode),
            onAct: (kind) => act(kind, p.projectCode),
            extra: (
              <Button size="small" type="link" onClick={() => setLearners(p)}>
                学员名单
              </Button>
            ),
          })),
        ]}
      />
      <ProjectEditor projectCode={editor.code} company={company} {...editor.dialog(() => invalidate('projects'))} />
      <EnrolmentDrawer project={learners} onClose={() => setLearners(null)} />
    </Card>
  );
}
