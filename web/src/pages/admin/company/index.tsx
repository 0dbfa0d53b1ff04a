import { keepPreviousData } from '@tanstack/react-query';
import {
  CONTACT_PHONE_MSG,
  CONTACT_PHONE_PATTERN,
  CompanyLimits,
  type CompanyView,
  companiesApi,
  EnableStatus,
  Msg,
  Perm,
} from '@xuetu/contract';
import { Form, Input, Modal, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { callEnvelope } from '../../../api/client';
import { useCall } from '../../../api/hooks';
import { useAppMutation } from '../../../app/useAppMutation';
import { RequiredText } from '../formParts';
import { AddButton, KeywordSearch, ListCard, opsColumn, RowAction, usePaging } from '../listParts';
import { tableScrollX, useConfirm } from '../shared';
import { useConfirmDiscard } from '../useConfirmDiscard';

/** 公司管理 (DESIGN.md §4): list, search, create, edit, enable/disable; system roles 1/2. */
export default function CompanyPage() {
  const toggle = useAppMutation({
    mutationFn: (code: string) => callEnvelope(companiesApi.openAndClose, { CompanySysCode: code }),
    success: Msg.ok,
    onSuccess: () => void list.refetch(),
  });
  const save = useAppMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      await callEnvelope(companiesApi.saveCompany, {
        ...v,
        companySysCode: editing?.row?.companySysCode ?? '',
        status: editing?.row?.status ?? 1,
      });
    },
    success: Msg.saved,
    onSuccess: () => {
      setEditing(null);
      void list.refetch();
    },
  });
  const confirm = useConfirm();
  const [key, setKey] = useState('');
  const [status, setStatus] = useState('');
  const paging = usePaging();
  const [editing, setEditing] = useState<{ row: CompanyView | null } | null>(null);
  const [form] = Form.useForm<{ companyCode: string; companyName: string; contactName: string; contactPhone: string }>();
  // closing the dialog over unsaved input asks first
  const closeEditor = useConfirmDiscard(
    () => form.isFieldsTouched(),
    () => setEditing(null),
  );
  // spec §8: a failed company load only stops the loading state
  const list = useCall(
    companiesApi.getCompanyListPage,
    { PageIndex: paging.page.pageIndex, PageRows: paging.page.pageSize, Search: { key, status } },
    { placeholderData: keepPreviousData, config: { silent: true } },
  );
  // 980 px in all: at 1280 px the list fits the card without scrolling; narrower, it scrolls inside
  const columns: TableColumnsType<CompanyView> = [
    { title: '公司名称', dataIndex: 'companyName', width: 200 },
    { title: '公司编码', dataIndex: 'companyCode', width: 110 },
    { title: '联系人', dataIndex: 'contactName', width: 100 },
    { title: '联系电话', dataIndex: 'contactPhone', width: 140 },
    { title: '人数', dataIndex: 'userCount', width: 70 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: number) => (s === EnableStatus.Enabled ? <Tag color="green">启用</Tag> : <Tag color="red">停用</Tag>),
    },
    { title: '创建时间', dataIndex: 'createTime', width: 160 },
    opsColumn<CompanyView>(120, (c) => (
      <Space size={0}>
        <RowAction action={Perm.CompanyEdit} onClick={() => open(c)}>
          编辑
        </RowAction>
        <RowAction
          action={Perm.CompanyStatus}
          onClick={async () => {
            if (!(await confirm(`确定要${c.status === EnableStatus.Enabled ? '停用' : '启用'}“${c.companyName}”吗？`))) return;
            toggle.mutate(c.companySysCode);
          }}
        >
          {c.status === EnableStatus.Enabled ? '停用' : '启用'}
        </RowAction>
      </Space>
    )),
  ];
  const open = (row: CompanyView | null) => {
    form.resetFields();
    form.setFieldsValue(row ?? { companyCode: '', companyName: '', contactName: '', contactPhone: '' });
    setEditing({ row });
  };
  return (
    <ListCard
      testId="company-admin"
      wrap
      toolbar={
        <>
          <KeywordSearch placeholder="公司名称/编码" onSearch={paging.resetting(setKey)} />
          <Select
            aria-label="状态"
            value={status}
            style={{ width: 120 }}
            onChange={paging.resetting(setStatus)}
            options={[
              { value: '', label: '全部状态' },
              { value: '1', label: '启用' },
              { value: '0', label: '停用' },
            ]}
          />
          <AddButton primary action={Perm.CompanyAdd} onClick={() => open(null)}>
            新增公司
          </AddButton>
        </>
      }
    >
      <Table<CompanyView>
        rowKey="companySysCode"
        size="middle"
        {...paging.table(list)}
        columns={columns}
        scroll={{ x: tableScrollX(columns) }}
      />
      <Modal
        open={Boolean(editing)}
        title={editing?.row ? '编辑公司' : '新增公司'}
        onCancel={closeEditor}
        destroyOnHidden
        onOk={() => save.mutate()}
        confirmLoading={save.isPending}
      >
        <Form form={form} labelCol={{ span: 5 }}>
          <RequiredText name="companyName" label="公司名称" max={CompanyLimits.nameMax} />
          <Form.Item
            name="companyCode"
            label="公司编码"
            rules={[{ required: true, pattern: /^[A-Za-z0-9_-]+$/, message: '请输入公司编码（字母、数字、下划线、短横线）' }]}
          >
            <Input maxLength={CompanyLimits.codeMax} />
          </Form.Item>
          <Form.Item name="contactName" label="联系人">
            <Input maxLength={CompanyLimits.contactNameMax} />
          </Form.Item>
          <Form.Item name="contactPhone" label="联系电话" rules={[{ pattern: CONTACT_PHONE_PATTERN, message: CONTACT_PHONE_MSG }]}>
            <Input maxLength={CompanyLimits.contactPhoneMax} />
          </Form.Item>
        </Form>
      </Modal>
    </ListCard>
  );
}
