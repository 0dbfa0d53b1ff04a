import { keepPreviousData } from '@tanstack/react-query';
import {
  CERT_TYPES,
  Perm,
  type ProjectEnrolmentView,
  ProjectLimits,
  type ProjectView,
  projectsApi,
  REACH_STATE_LABELS,
} from '@xuetu/contract';
import { Button, DatePicker, Drawer, Form, Input, Modal, Select, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../../api/client';
import { useCall } from '../../../api/hooks';
import { useAppMutation } from '../../../app/useAppMutation';
import { useCan } from '../../../components/Can';
import { usePaging } from '../listParts';

interface CertValues {
  certType: string;
  certNo: string;
  valid: [Dayjs, Dayjs] | null;
}

/** 学员名单: who joined, their hours and achievement; certificate attributes of safety-training projects. */
export function EnrolmentDrawer({ project, onClose }: { project: ProjectView | null; onClose: () => void }) {
  const can = useCan();
  const [keyword, setKeyword] = useState('');
  const paging = usePaging();
  const [editing, setEditing] = useState<ProjectEnrolmentView | null>(null);
  const [form] = Form.useForm<CertValues>();
  const code = project?.projectCode ?? '';
  const list = useCall(
    projectsApi.getEnrolments,
    { projectCode: code, keyword, pageIndex: paging.page.pageIndex, pageRows: paging.page.pageSize },
    { enabled: !!project, placeholderData: keepPreviousData },
  );
  const safety = project?.isThreeSafety === 1;

  const saveCert = useAppMutation({
    mutationFn: async (user: ProjectEnrolmentView) => {
      const v = await form.validateFields();
      return call(projectsApi.savePrjusrattr, {
        projectCode: code,
        userId: user.userId,
        certType: v.certType ?? '',
        certNo: v.certNo ?? '',
        certValidFrom: v.valid?.[0].format('YYYY-MM-DD') ?? '',
        certValidTo: v.valid?.[1].format('YYYY-MM-DD') ?? '',
      });
    },
    success: '保存成功',
    invalidate: [projectsApi.getEnrolments],
    onSuccess: () => setEditing(null),
  });

  return (
    <Drawer
      open={!!project}
      title={`学员名单：${project?.projectName ?? ''}`}
      width={Math.min(1000, window.innerWidth)}
      onClose={onClose}
      destroyOnHidden
    >
      <Input.Search
        placeholder="姓名或账号"
        allowClear
        style={{ width: 260, marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v);
          paging.first();
        }}
      />
      <Table<ProjectEnrolmentView>
        rowKey="userId"
        size="small"
        {...paging.table(list)}
        scroll={{ x: 900 }}
        data-testid="project-enrolments"
        columns={[
          { title: '姓名', dataIndex: 'chnName', width: 100 },
          { title: '账号', dataIndex: 'accountCode', width: 120 },
          { title: '部门', dataIndex: 'orgName', width: 120, ellipsis: true },
          { title: '批次', dataIndex: 'planName', width: 100 },
          { title: '加入时间', dataIndex: 'joinTime', width: 160 },
          { title: '已获学时', dataIndex: 'getHrs', width: 90 },
          {
            title: '达标',
            dataIndex: 'reachState',
            width: 110,
            render: (s: number, r) => <Tag color={s ? 'green' : 'default'}>{`${REACH_STATE_LABELS[s]} ${r.reachProgress}%`}</Tag>,
          },
          { title: '最近学习', dataIndex: 'lastStudyDate', width: 110 },
          ...(safety
            ? [
                { title: '证书类型', dataIndex: 'certType', width: 180, ellipsis: true },
                { title: '证书编号', dataIndex: 'certNo', width: 160, ellipsis: true },
                {
                  title: '有效期',
                  key: 'valid',
                  width: 200,
                  render: (_: unknown, r: ProjectEnrolmentView) =>
                    r.certValidFrom || r.certValidTo ? `${r.certValidFrom} 至 ${r.certValidTo}` : '',
                },
                {
                  title: '操作',
                  key: 'op',
                  width: 90,
                  fixed: 'right' as const,
                  render: (_: unknown, r: ProjectEnrolmentView) =>
                    can(Perm.ProjectEdit) && (
                      <Button
                        size="small"
                        type="link"
                        onClick={() => {
                          form.setFieldsValue({
                            certType: r.certType || undefined,
                            certNo: r.certNo,
                            valid: r.certValidFrom && r.certValidTo ? [dayjs(r.certValidFrom), dayjs(r.certValidTo)] : null,
                          });
                          setEditing(r);
                        }}
                      >
                        证书信息
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={!!editing}
        title={`证书信息：${editing?.chnName ?? ''}`}
        onCancel={() => setEditing(null)}
        onOk={() => editing && saveCert.mutate(editing)}
        confirmLoading={saveCert.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="certType" label="证书类型">
            <Select allowClear options={CERT_TYPES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item name="certNo" label="证书编号">
            <Input maxLength={ProjectLimits.certNoMax} />
          </Form.Item>
          <Form.Item name="valid" label="有效期">
            <DatePicker.RangePicker format="YYYY-MM-DD" />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
