import { FileExcelOutlined } from '@ant-design/icons';
import { type CertDefinitionView, type CertIssuedView, type CertStatusValue, certAdminApi, Perm } from '@xuetu/contract';
import { Button, Card, InputNumber, Select, Space, Table, type TableColumnsType, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { callDownload } from '../../../api/client';
import { useCall } from '../../../api/hooks';
import { Can } from '../../../components/Can';
import { CERT_STATUS_COLORS } from '../../learner/certificates';
import { AddButton, KeywordSearch, opsColumn, RowAction, usePaging } from '../listParts';
import { CompanySelect, tableScrollX, useIsPlatform } from '../shared';
import { DefinitionEditor } from './DefinitionEditor';
import { ManualIssueDialog, RevokeDialog } from './IssueDialogs';

function DefinitionsTab({ company }: { company: string }) {
  const platform = useIsPlatform();
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<{ row: CertDefinitionView | null } | null>(null);
  const [issuing, setIssuing] = useState<CertDefinitionView | null>(null);
  const list = useCall(certAdminApi.getCertDefinitionList, { companySysCode: company, keyword, ...paging.page });
  const columns: TableColumnsType<CertDefinitionView> = [
    { title: '证书名称', dataIndex: 'name', width: 180 },
    ...(platform ? [{ title: '公司', dataIndex: 'companyName', width: 180 }] : []),
    { title: '编号前缀', dataIndex: 'prefix', width: 100 },
    { title: '有效期', dataIndex: 'validityMonths', width: 100, render: (m: number) => (m ? `${m} 个月` : '长期有效') },
    {
      title: '发放规则',
      key: 'rules',
      width: 260,
      render: (_: unknown, d) =>
        d.rules.length
          ? d.rules.map((r) => (
              <Tag key={r.refCode}>
                {r.kind === 'project' ? '完成' : '通过'}「{r.refName || r.refCode}」{r.minScore != null ? ` ≥${r.minScore} 分` : ''}
              </Tag>
            ))
          : '仅手动发放',
    },
    { title: '有效', dataIndex: 'validCount', width: 70 },
    { title: '30 天内到期', dataIndex: 'expiringCount', width: 100 },
    { title: '已过期', dataIndex: 'expiredCount', width: 80 },
    { title: '状态', dataIndex: 'enabled', width: 80, render: (on: boolean) => (on ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
    opsColumn<CertDefinitionView>(150, (d) => (
      <Space size={0}>
        <RowAction action={Perm.CertificateEdit} testId="cert-edit" onClick={() => setEditing({ row: d })}>
          编辑
        </RowAction>
        <RowAction action={Perm.CertificateIssue} testId="cert-issue" onClick={() => setIssuing(d)}>
          手动发放
        </RowAction>
      </Space>
    )),
  ];
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <KeywordSearch placeholder="证书名称" onSearch={paging.resetting(setKeyword)} />
        <AddButton action={Perm.CertificateEdit} onClick={() => setEditing({ row: null })} testId="cert-add">
          新增证书
        </AddButton>
      </Space>
      <Table
        rowKey="id"
        columns={columns}
        scroll={{ x: tableScrollX(columns) }}
        {...paging.table(list)}
        locale={{ emptyText: list.isError ? '证书列表加载失败，请稍后重试' : '暂无证书，点击“新增证书”开始' }}
        data-testid="cert-definitions"
      />
      <DefinitionEditor open={Boolean(editing)} editing={editing?.row ?? null} onClose={() => setEditing(null)} />
      <ManualIssueDialog definition={issuing} onClose={() => setIssuing(null)} />
    </>
  );
}

function IssuedTab({ company }: { company: string }) {
  const platform = useIsPlatform();
  const paging = usePaging();
  const [filter, setFilter] = useState<{
    definitionId?: number;
    status: '' | CertStatusValue;
    expiringWithinDays?: number;
    keyword: string;
  }>({
    status: '',
    keyword: '',
  });
  const [revoking, setRevoking] = useState<CertIssuedView | null>(null);
  const [exporting, setExporting] = useState(false);
  const change = paging.resetting((patch: Partial<typeof filter>) => setFilter((f) => ({ ...f, ...patch })));
  const definitions = useCall(certAdminApi.getCertDefinitionList, { companySysCode: company, keyword: '', pageIndex: 1, pageRows: 500 });
  const input = { companySysCode: company, ...filter };
  const list = useCall(certAdminApi.getIssuedCertList, { ...input, ...paging.page });
  const columns: TableColumnsType<CertIssuedView> = [
    { title: '证书编号', dataIndex: 'number', width: 150 },
    { title: '证书名称', dataIndex: 'certName', width: 150 },
    { title: '持证人', dataIndex: 'holderName', width: 100 },
    { title: '账号', dataIndex: 'accountCode', width: 120 },
    { title: '部门', dataIndex: 'orgName', width: 120 },
    ...(platform ? [{ title: '公司', dataIndex: 'companyName', width: 160 }] : []),
    { title: '发证日期', dataIndex: 'issuedAt', width: 110 },
    { title: '有效期至', dataIndex: 'expiresAt', width: 110, render: (v: string) => v || '长期有效' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: CertStatusValue, c) => <Tag color={CERT_STATUS_COLORS[s]}>{c.statusText}</Tag>,
    },
    { title: '来源', dataIndex: 'source', width: 180 },
    { title: '撤销原因', dataIndex: 'revokeReason', width: 180 },
    opsColumn<CertIssuedView>(90, (c) =>
      c.status === 'revoked' ? null : (
        <RowAction action={Perm.CertificateIssue} danger testId="cert-revoke" onClick={() => setRevoking(c)}>
          撤销
        </RowAction>
      ),
    ),
  ];
  const exportList = async () => {
    setExporting(true);
    try {
      await callDownload(certAdminApi.exportIssuedCertList, input, { fileName: '证书发放记录.xlsx' });
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          allowClear
          placeholder="全部证书"
          style={{ width: 200 }}
          value={filter.definitionId}
          onChange={(v) => change({ definitionId: v })}
          options={(definitions.data?.models ?? []).map((d) => ({ value: d.id, label: d.name }))}
          data-testid="issued-filter-definition"
        />
        <Select
          style={{ width: 120 }}
          value={filter.status}
          onChange={(v) => change({ status: v })}
          options={[
            { value: '', label: '全部状态' },
            { value: 'valid', label: '有效' },
            { value: 'expired', label: '已过期' },
            { value: 'revoked', label: '已撤销' },
          ]}
          data-testid="issued-filter-status"
        />
        <InputNumber
          min={1}
          max={3650}
          precision={0}
          placeholder="N 天内到期"
          style={{ width: 140 }}
          value={filter.expiringWithinDays}
          onChange={(v) => change({ expiringWithinDays: v ?? undefined })}
          data-testid="issued-filter-expiring"
        />
        <KeywordSearch placeholder="姓名、账号或编号" onSearch={(keyword) => change({ keyword })} />
        <Can action={Perm.CertificateList}>
          <Button icon={<FileExcelOutlined />} loading={exporting} onClick={exportList} data-testid="issued-export">
            导出
          </Button>
        </Can>
      </Space>
      <Table
        rowKey="id"
        columns={columns}
        scroll={{ x: tableScrollX(columns) }}
        {...paging.table(list)}
        locale={{ emptyText: list.isError ? '发放记录加载失败，请稍后重试' : '暂无发放记录' }}
        data-testid="cert-issued"
      />
      <RevokeDialog cert={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

/** 证书管理 (issue 42): certificates and their issue rules, and the certificates issued. */
export default function CertificatesPage() {
  const platform = useIsPlatform();
  const [company, setCompany] = useState('');
  return (
    <Card variant="borderless" data-testid="certificates-page">
      {platform && (
        <div style={{ marginBottom: 12 }}>
          <CompanySelect value={company} onChange={(v) => setCompany(v ?? '')} placeholder="全部公司" />
        </div>
      )}
      <Tabs
        items={[
          { key: 'defs', label: '证书', children: <DefinitionsTab company={company} /> },
          { key: 'issued', label: '发放记录', children: <IssuedTab company={company} /> },
        ]}
      />
    </Card>
  );
}
