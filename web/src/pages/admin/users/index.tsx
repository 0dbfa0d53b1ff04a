import { DownloadOutlined, DownOutlined, SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { AdminMsg, EnableStatus, Msg, Perm, postsApi, type UserListBody, type UserRowView, usersApi } from '@xuetu/contract';
import { App, Button, Card, Dropdown, Empty, Form, Input, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { call, callDownload, callEnvelope } from '../../../api/client';
import { useCall, useInvalidate } from '../../../api/hooks';
import { useAppMutation } from '../../../app/useAppMutation';
import { Can, useCan } from '../../../components/Can';
import { AddButton, usePaging } from '../listParts';
import { CompanySelect, OrgTreeSelect, useConfirm, useIsPlatform } from '../shared';
import { CompanyDialog, RolesDialog } from './components/AssignDialogs';
import { ImportDialog } from './components/ImportDialog';
import { LearnerDialog } from './components/LearnerDialog';

type Filters = Partial<Pick<UserListBody, 'key' | 'status' | 'orgCode' | 'postCode' | 'refCompanyCode'>>;

/** 用户管理 (spec §2 "User management list"). */
export default function UserListPage() {
  const { message, notification } = App.useApp();
  const invalidate = useInvalidate();
  const can = useCan();
  const confirm = useConfirm();
  const isPlatform = useIsPlatform();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const paging = usePaging();
  const [learner, setLearner] = useState<{ open: boolean; user: UserRowView | null }>({ open: false, user: null });
  const [companyUser, setCompanyUser] = useState<UserRowView | null>(null);
  const [rolesUser, setRolesUser] = useState<UserRowView | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  // spec: the actions User.SysEdit / User.ComPanyEdit switch edit mode on
  const editMode = can(Perm.UserSysEdit) || can(Perm.UserCompanyEdit);
  // spec §5: platform staff fetch only once a keyword, status or company is given
  const ready = !isPlatform || Boolean(filters.key || filters.status || filters.refCompanyCode);
  const list = useCall(
    usersApi.getUserList,
    { ...filters, ...paging.page },
    {
      enabled: ready,
      placeholderData: keepPreviousData,
    },
  );
  const orgCode = Form.useWatch('orgCode', form);
  const refCompany = Form.useWatch('refCompanyCode', form);
  const posts = useCall(
    postsApi.getOrgPostListPage,
    { orgCode, pageIndex: 1, pageSize: 1000, companySysCode: (isPlatform ? refCompany : '') ?? '' },
    { enabled: Boolean(orgCode) },
  );
  const reload = () => invalidate(usersApi.getUserList);
  const search = () => {
    setFilters(form.getFieldsValue());
    paging.first();
  };

  // one toast per outcome: the request wrapper shows a refusal (e.g. 不能停用自己), the page only success
  const toggleStatus = useAppMutation({
    mutationFn: (u: UserRowView) => call(usersApi.openAndClose, { UserId: u.userId }),
    success: Msg.ok,
    onSuccess: () => void reload(),
  });
  const toggle = async (u: UserRowView) => {
    if (!(await confirm(`确定要${u.status === EnableStatus.Enabled ? '停用' : '启用'}用户“${u.chnName}”吗？`))) return;
    toggleStatus.mutate(u);
  };
  const resetPw = useAppMutation({
    // spec: POST with the user id in the query; msg carries the temporary password
    mutationFn: (u: UserRowView) => callEnvelope(usersApi.setPassword, undefined, { params: { UserId: u.userId } }),
    // spec §8: the msg is shown as a persistent notification
    onSuccess: (res) => notification.success({ message: '密码已重置', description: res.msg, duration: 0 }),
  });
  const resetPassword = async (u: UserRowView) => {
    if (!(await confirm(`确定要重置“${u.chnName}”的密码吗？`))) return;
    resetPw.mutate(u);
  };
  const exportList = useAppMutation({
    mutationFn: (f: Filters) => callDownload(usersApi.exportUserList, { ...f, pageIndex: 1, pageSize: 20 }),
  });
  const doExport = () => {
    const f = form.getFieldsValue();
    if (isPlatform && !f.refCompanyCode) return void message.warning(AdminMsg.exportPickCompany);
    exportList.mutate(f);
  };

  const columns: TableColumnsType<UserRowView> = [
    // widths sum to USER_TABLE_MIN_X: at 1440 px (sidebar open) every column shows without scrolling
    { title: '姓名', dataIndex: 'chnName', width: 88, fixed: 'left', ellipsis: true },
    { title: '账号', dataIndex: 'accountCode', width: 100, ellipsis: true },
    ...(isPlatform ? [{ title: '公司', dataIndex: 'companyName', width: 105, ellipsis: true }] : []),
    { title: '部门', dataIndex: 'orgCodeName', width: 100, ellipsis: true },
    { title: '岗位', dataIndex: 'postCodeName', width: 100, ellipsis: true },
    { title: '身份证号', dataIndex: 'idCard', width: 165 },
    { title: '手机号', dataIndex: 'mobile', width: 112 },
    {
      title: '角色',
      dataIndex: 'roleName',
      width: 110,
      render: (names: string[]) => (
        <Space size={[0, 4]} wrap>
          {names.map((n) => (
            <Tag key={n}>{n}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: number, u) => (
        <Space size={[0, 4]} wrap>
          {s === EnableStatus.Enabled ? <Tag color="green">启用</Tag> : <Tag color="red">停用</Tag>}
          {!u.activated && <Tag>未激活</Tag>}
        </Space>
      ),
    },
    ...(editMode
      ? [
          {
            title: '操作',
            key: 'ops',
            // spec §6 (issue 8): at 1440 px the row's actions stay on one line; the rarer ones sit under 更多
            width: 160,
            fixed: 'right' as const,
            render: (_: unknown, u: UserRowView) => (
              <Space size={0} style={{ whiteSpace: 'nowrap' }}>
                <Button type="link" size="small" onClick={() => setLearner({ open: true, user: u })} data-testid={`edit-${u.accountCode}`}>
                  编辑
                </Button>
                <Button type="link" size="small" onClick={() => toggle(u)} data-testid={`toggle-${u.accountCode}`}>
                  {u.status === EnableStatus.Enabled ? '停用' : '启用'}
                </Button>
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      ...(can(Perm.UserSetCompany) ? [{ key: 'company', label: '分配公司', onClick: () => setCompanyUser(u) }] : []),
                      ...(can(Perm.UserSetRoles)
                        ? [
                            {
                              key: 'roles',
                              label: <span data-testid={`roles-${u.accountCode}`}>分配角色</span>,
                              onClick: () => setRolesUser(u),
                            },
                          ]
                        : []),
                      { key: 'password', label: '重置密码', onClick: () => void resetPassword(u) },
                    ],
                  }}
                >
                  <Button type="link" size="small" data-testid={`more-${u.accountCode}`}>
                    更多 <DownOutlined />
                  </Button>
                </Dropdown>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card variant="borderless" data-testid="user-admin">
      <Form form={form} layout="inline" onFinish={search} style={{ marginBottom: 16, rowGap: 12 }} initialValues={{ status: '' }}>
        <Form.Item name="key" label="关键字">
          <Input placeholder="姓名/账号/身份证/手机号" allowClear style={{ width: 200 }} data-testid="user-key" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            style={{ width: 100 }}
            options={[
              { value: '', label: '全部' },
              { value: '1', label: '启用' },
              { value: '0', label: '停用' },
            ]}
          />
        </Form.Item>
        {isPlatform && (
          <Form.Item name="refCompanyCode" label="公司">
            <CompanySelect onChange={(v) => form.setFieldsValue({ refCompanyCode: v, orgCode: undefined, postCode: undefined })} />
          </Form.Item>
        )}
        <Form.Item name="orgCode" label="部门">
          <OrgTreeSelect
            style={{ width: 180 }}
            companySysCode={isPlatform ? refCompany : ''}
            onChange={(v) => form.setFieldsValue({ orgCode: v, postCode: undefined })}
          />
        </Form.Item>
        <Form.Item name="postCode" label="岗位">
          <Select
            style={{ width: 140 }}
            allowClear
            placeholder="请选择岗位"
            options={(posts.data?.models ?? []).map((p) => ({ value: p.postCode, label: p.postName }))}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="user-search">
              查询
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                search();
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {editMode && (
        <Space style={{ marginBottom: 16 }}>
          <AddButton primary action={Perm.UserAdd} onClick={() => setLearner({ open: true, user: null })} testId="user-add">
            新增学员
          </AddButton>
          {/* one Can per button: Space spaces its direct children, a fragment of two would touch */}
          <Can action={Perm.UserImportExport}>
            <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid="user-import">
              导入
            </Button>
          </Can>
          <Can action={Perm.UserImportExport}>
            <Button icon={<DownloadOutlined />} loading={exportList.isPending} onClick={doExport} data-testid="user-export">
              导出
            </Button>
          </Can>
        </Space>
      )}
      {ready ? (
        <Table<UserRowView>
          rowKey="userId"
          size="middle"
          {...paging.table(list)}
          columns={columns}
          scroll={{ x: columns.reduce((w, c) => w + Number(c.width ?? 0), 0) }}
        />
      ) : (
        <Empty description="请输入关键字、选择状态或公司后查询" />
      )}
      <LearnerDialog
        open={learner.open}
        user={learner.user}
        defaultCompany={filters.refCompanyCode}
        onClose={() => setLearner({ open: false, user: null })}
        onSaved={reload}
      />
      <CompanyDialog user={companyUser} onClose={() => setCompanyUser(null)} onSaved={reload} />
      <RolesDialog user={rolesUser} onClose={() => setRolesUser(null)} onSaved={reload} />
      <ImportDialog open={importOpen} onClose={() => setImportOpen(false)} onImported={reload} defaultCompany={filters.refCompanyCode} />
    </Card>
  );
}
