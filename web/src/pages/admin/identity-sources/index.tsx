import { connectionsApi, type IdentitySourceView, Msg, Perm } from '@xuetu/contract';
import { Alert, Button, Card, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useCall, useCallMutation } from '../../../api/hooks';
import { feedback } from '../../../app/feedback';
import { AddButton, opsColumn, RowAction } from '../listParts';
import { CompanySelect, tableScrollX, useConfirm, useIsPlatform } from '../shared';
import { SourceEditor } from './SourceEditor';

/**
 * 身份源 (issue 41): a company's identity connections — LDAP / AD and OpenID Connect. A platform administrator
 * sees and manages every company's (filtered by company), a company administrator their own
 * company's; the server checks both. The saved password never comes back: the list says 已设置.
 */
export default function IdentitySourcesPage() {
  const platform = useIsPlatform();
  const confirm = useConfirm();
  const [company, setCompany] = useState('');
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const list = useCall(connectionsApi.getIdentitySourceList, { companySysCode: company }, { config: { silent: true } });
  const remove = useCallMutation(connectionsApi.deleteIdentitySource, { onSuccess: () => feedback.success(Msg.deleted) });

  const columns: TableColumnsType<IdentitySourceView> = [
    { title: '名称', dataIndex: 'name', width: 160 },
    ...(platform ? [{ title: '公司', dataIndex: 'companyName', width: 180 }] : []),
    { title: '类型', dataIndex: 'kindName', width: 170 },
    {
      title: '地址',
      key: 'url',
      width: 240,
      render: (_: unknown, s: IdentitySourceView) => ('issuer' in s.settings ? s.settings.issuer : s.settings.url),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      width: 80,
      render: (on: boolean) => (on ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    {
      title: '密码 / 客户端密钥',
      dataIndex: 'bindPasswordSet',
      width: 120,
      render: (set: boolean) => (set ? <Tag color="blue">已设置</Tag> : <Tag>未设置</Tag>),
    },
    { title: '更新时间', dataIndex: 'updateTime', width: 160 },
    opsColumn<IdentitySourceView>(120, (s) => (
      <Space size={0}>
        <RowAction action={Perm.IdentitySourceEdit} testId="source-edit" onClick={() => setEditing({ id: s.id })}>
          编辑
        </RowAction>
        <RowAction
          action={Perm.IdentitySourceEdit}
          testId="source-delete"
          danger
          onClick={async () => {
            const after = s.kind === 'oidc' ? '删除后登录页不再显示它的登录按钮。' : '删除后该公司的人员将改用学途密码登录。';
            if (!(await confirm(`确定要删除身份源“${s.name}”吗？${after}`))) return;
            remove.mutate({ id: s.id });
          }}
        >
          删除
        </RowAction>
      </Space>
    )),
  ];

  return (
    <Card variant="borderless" data-testid="identity-sources">
      <Space style={{ marginBottom: 16 }} wrap>
        {platform && (
          <CompanySelect value={company} onChange={(v) => setCompany(v ?? '')} placeholder="全部公司" data-testid="source-company-filter" />
        )}
        <AddButton action={Perm.IdentitySourceEdit} onClick={() => setEditing({ id: null })} testId="source-add">
          新增身份源
        </AddButton>
      </Space>
      {list.data && !list.data.secretKeyConfigured && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="source-no-key"
          message="服务器未配置 CONNECTION_SECRET_KEY：身份源的服务账号密码和客户端密钥无法保存，也无法使用已保存的。请联系运维设置后再保存。"
        />
      )}
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          data-testid="source-list-error"
          message="身份源列表加载失败"
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <Table<IdentitySourceView>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.models ?? []}
          pagination={false}
          columns={columns}
          scroll={{ x: tableScrollX(columns) }}
          locale={{
            emptyText:
              '暂无身份源。新增 LDAP / AD 身份源后，该公司的人员可用目录账号和密码登录；新增 OpenID Connect 身份源后，登录页显示“使用 XX 登录”。',
          }}
        />
      )}
      <SourceEditor
        open={Boolean(editing)}
        id={editing?.id ?? null}
        platform={platform}
        defaultCompany={company}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
