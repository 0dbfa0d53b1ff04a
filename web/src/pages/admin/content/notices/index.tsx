import { keepPreviousData } from '@tanstack/react-query';
import { NOTICE_CHANNEL_LABELS, type NoticeAdminItem, NoticeStatus, noticesApi, Perm } from '@xuetu/contract';
import { App, Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../../../api/client';
import { useCall, useInvalidate } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { useCan } from '../../../../components/Can';
import { AddButton, FilterSelect, KeywordItem, SearchButton, SearchForm, useEditorDialog } from '../../listParts';
import { useCompanyOptions, useIsPlatformStaff } from '../companies';
import { NoticeEditor } from './NoticeEditor';

interface NoticeAdminSearch {
  keyword: string;
  status: '' | number;
  noticeChannel: '' | number;
  companySysCode: string;
}
const EMPTY_SEARCH: NoticeAdminSearch = { keyword: '', status: '', noticeChannel: '', companySysCode: '' };
const STATUS_OPTIONS = [
  { value: '', label: '全部状态' },
  { value: 2, label: '已发布' },
  { value: 0, label: '草稿' },
];
const CHANNEL_OPTIONS = [
  { value: '', label: '全部位置' },
  ...Object.entries(NOTICE_CHANNEL_LABELS).map(([v, l]) => ({ value: Number(v), label: l })),
];

/** Notice management: search, paging, create/edit, publish/unpublish, delete. */
export default function NoticeAdminPage() {
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const can = useCan();
  const staff = useIsPlatformStaff();
  const companies = useCompanyOptions(staff);
  const [search, setSearch] = useState<NoticeAdminSearch>(EMPTY_SEARCH);
  const [page, setPage] = useState({ index: 1, size: 20 });
  const editor = useEditorDialog();
  const q = useCall(
    noticesApi.getNoticeDataPageList,
    { search, pageIndex: page.index, pageRows: page.size },
    {
      placeholderData: keepPreviousData,
    },
  );
  // the list, and the notices the portal shows
  const reload = () => invalidate('content');
  const status = useAppMutation({
    mutationFn: (n: NoticeAdminItem) =>
      call(noticesApi.setNoticeStatus, {
        noticeSysCode: n.noticeSysCode,
        status: n.status === NoticeStatus.Published ? NoticeStatus.Draft : NoticeStatus.Published,
      }),
    onSuccess: (_d, n) => {
      message.success(n.status === NoticeStatus.Published ? '已取消发布' : '发布成功');
      void reload();
    },
  });
  const remove = useAppMutation({
    mutationFn: (code: string) => call(noticesApi.delNotice, { noticeSysCode: code }),
    success: '删除成功!',
    onSuccess: () => void reload(),
  });
  return (
    <Card variant="borderless" data-testid="notice-admin">
      <SearchForm<NoticeAdminSearch>
        initialValues={EMPTY_SEARCH}
        onFinish={(v) => {
          setSearch({ ...EMPTY_SEARCH, ...v });
          setPage((p) => ({ ...p, index: 1 }));
        }}
      >
        <KeywordItem placeholder="公告标题" />
        <FilterSelect all name="status" label="状态" width={120} options={STATUS_OPTIONS} />
        <FilterSelect all name="noticeChannel" label="发布位置" width={140} options={CHANNEL_OPTIONS} />
        {staff && (
          <FilterSelect
            all
            name="companySysCode"
            label="发布范围"
            width={180}
            options={[{ value: '', label: '全部范围' }, { value: '-', label: '全平台' }, ...(companies.data ?? [])]}
          />
        )}
        <Space>
          <SearchButton />
          <AddButton action={Perm.NoticeAdd} onClick={editor.add} testId="notice-add">
            新增公告
          </AddButton>
        </Space>
      </SearchForm>
      <Table<NoticeAdminItem>
        rowKey="noticeSysCode"
        loading={q.isFetching}
        dataSource={q.data?.models ?? []}
        scroll={{ x: 1100 }}
        pagination={{
          current: page.index,
          pageSize: page.size,
          total: q.data?.totalCount ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100],
          showTotal: (t) => `共 ${t} 条`,
          onChange: (index, size) => setPage({ index, size }),
        }}
        columns={[
          { title: '标题', dataIndex: 'noticeTitle', width: 240, ellipsis: true },
          { title: '位置', dataIndex: 'noticeChannel', width: 120, render: (c: number) => NOTICE_CHANNEL_LABELS[c] },
          { title: '范围', dataIndex: 'companyName', width: 160, render: (n: string) => n || '全平台' },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: number) => (s === NoticeStatus.Published ? <Tag color="green">已发布</Tag> : <Tag>草稿</Tag>),
          },
          { title: '发布时间', dataIndex: 'releaseTime', width: 170, render: (t: string) => (t.startsWith('1900') ? '-' : t.slice(0, 16)) },
          { title: '浏览', dataIndex: 'pv', width: 80 },
          {
            title: '操作',
            key: 'op',
            width: 220,
            fixed: 'right',
            render: (_: unknown, n) => (
              <Space size={4}>
                {can(Perm.NoticeEdit) && (
                  <Button size="small" type="link" onClick={() => editor.edit(n.noticeSysCode)}>
                    编辑
                  </Button>
                )}
                {can(Perm.NoticePublish) && (
                  // publishing shows the notice to everyone at once (and messages them): ask first
                  <Popconfirm
                    title={n.status === NoticeStatus.Published ? '确定取消发布该公告吗？' : '确定发布该公告吗？发布后所有可见人员都能看到'}
                    okText="确定"
                    cancelText="取消"
                    onConfirm={() => status.mutate(n)}
                  >
                    <Button size="small" type="link" data-testid="notice-toggle-status">
                      {n.status === NoticeStatus.Published ? '取消发布' : '发布'}
                    </Button>
                  </Popconfirm>
                )}
                {can(Perm.NoticeDelete) && (
                  <Popconfirm title="确定删除该公告吗？" okText="删除" cancelText="取消" onConfirm={() => remove.mutate(n.noticeSysCode)}>
                    <Button size="small" type="link" danger>
                      删除
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <NoticeEditor code={editor.code} {...editor.dialog(reload)} />
    </Card>
  );
}
