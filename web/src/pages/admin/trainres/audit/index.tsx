import { keepPreviousData } from '@tanstack/react-query';
import { AuditStatus, RES_TYPE_LABELS, type ResView, TrainResLimits, TrainResMsg, trainResApi } from '@xuetu/contract';
import { App, Button, Card, Descriptions, Form, Input, Modal, Popconfirm, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { call } from '../../../../api/client';
import { useCall, useInvalidate } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { MediaPlayer } from '../../../../components/MediaPlayer';
import { RichTextView } from '../../../../components/RichTextView';
import { KeywordItem, SearchButton, SearchForm, usePaging } from '../../listParts';
import { tableScrollX } from '../../shared';
import { AuditHistoryDrawer, auditStatusFilter, resTable, statusTag, useResCompany } from '../shared';

/** 资源审核: the queue (pending first), a preview player, pass or reject with a comment, revoke, history. */
export default function ResourceAuditPage() {
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const { company, picker } = useResCompany();
  const [filter, setFilter] = useState<{ keyword: string; auditStatus?: number }>({ keyword: '', auditStatus: AuditStatus.Pending });
  const paging = usePaging();
  const [auditing, setAuditing] = useState<ResView | null>(null);
  const [history, setHistory] = useState<ResView | null>(null);
  const [comment, setComment] = useState('');
  // the lesson previewed, for a course of several (ADR 0022)
  const [lesson, setLesson] = useState(0);
  const list = useCall(
    trainResApi.getTrainResAuditPageList,
    { ...filter, dCode: '', companySysCode: company, pageIndex: paging.page.pageIndex, pageSize: paging.page.pageSize },
    { placeholderData: keepPreviousData },
  );
  const preview = useCall(trainResApi.getTrainResPreView, { rescode: auditing?.resCode ?? '', lesson }, { enabled: Boolean(auditing) });
  const reload = () => void invalidate('courses');
  const decide = useAppMutation({
    mutationFn: (pass: boolean) => call(trainResApi.audit, { rescode: auditing?.resCode ?? '', pass, comment }),
    onSuccess: (_d, pass) => {
      message.success(pass ? '审核通过' : '已驳回');
      setAuditing(null);
      reload();
    },
  });
  const revoke = useAppMutation({
    mutationFn: (code: string) => call(trainResApi.revoke, { rescode: code }),
    onSuccess: () => {
      message.success('已撤回');
      reload();
    },
  });

  const columns: TableColumnsType<ResView> = [
    { title: '资源名称', dataIndex: 'resName', width: 240, ellipsis: true },
    { title: '类型', dataIndex: 'resType', width: 80, render: (v: number) => RES_TYPE_LABELS[v] },
    { title: '公司', dataIndex: 'companyName', width: 160, ellipsis: true },
    { title: '目录', dataIndex: 'dName', width: 140, ellipsis: true },
    { title: '状态', dataIndex: 'auditStatus', width: 100, render: statusTag },
    { title: '更新时间', dataIndex: 'updateTime', width: 170 },
    {
      title: '操作',
      key: 'ops',
      width: 220,
      render: (_: unknown, r) => (
        <Space size={0}>
          {r.auditStatus === AuditStatus.Pending && (
            <Button
              type="link"
              size="small"
              data-testid="res-audit-open"
              onClick={() => {
                setComment('');
                setLesson(0);
                setAuditing(r);
              }}
            >
              审核
            </Button>
          )}
          {r.auditStatus === AuditStatus.Approved && (
            <Popconfirm title="撤回后学员将不能再看到该资源，确定撤回吗？" onConfirm={() => revoke.mutate(r.resCode)}>
              <Button type="link" size="small" danger>
                撤回
              </Button>
            </Popconfirm>
          )}
          <Button type="link" size="small" onClick={() => setHistory(r)}>
            审核记录
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Card variant="borderless" data-testid="res-audit">
      <SearchForm
        initialValues={{ auditStatus: AuditStatus.Pending }}
        onFinish={(v: { keyword?: string; auditStatus?: number }) => {
          setFilter({ keyword: v.keyword ?? '', auditStatus: v.auditStatus });
          paging.first();
        }}
      >
        {picker && <Form.Item>{picker}</Form.Item>}
        <KeywordItem placeholder="资源名称" />
        {auditStatusFilter('全部状态', 120, [10, 20, 30, 40, 0])}
        <SearchButton />
      </SearchForm>
      <Table<ResView> {...resTable(paging, list)} columns={columns} scroll={{ x: tableScrollX(columns) }} />
      <Modal
        open={Boolean(auditing)}
        title={`审核：${auditing?.resName ?? ''}`}
        width={860}
        destroyOnHidden
        maskClosable={false}
        onCancel={() => setAuditing(null)}
        footer={
          <Space>
            <Button onClick={() => setAuditing(null)}>取消</Button>
            <Button
              danger
              loading={decide.isPending && decide.variables === false}
              onClick={() => {
                if (!comment.trim()) {
                  message.error(TrainResMsg.commentRequired);
                  return;
                }
                decide.mutate(false);
              }}
              data-testid="audit-reject"
            >
              驳回
            </Button>
            <Button
              type="primary"
              loading={decide.isPending && decide.variables === true}
              onClick={() => decide.mutate(true)}
              data-testid="audit-pass"
            >
              通过
            </Button>
          </Space>
        }
      >
        {auditing && (
          <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="类型">{RES_TYPE_LABELS[auditing.resType]}</Descriptions.Item>
            <Descriptions.Item label="目录">{auditing.dName}</Descriptions.Item>
            <Descriptions.Item label="学时">{auditing.creditHours}</Descriptions.Item>
          </Descriptions>
        )}
        {auditing && auditing.lessons.length > 1 && (
          <Space style={{ marginBottom: 8 }}>
            课时
            <Select
              style={{ width: 'min(320px, calc(100vw - 120px))' }}
              value={lesson}
              onChange={setLesson}
              aria-label="预览课时"
              data-testid="audit-lesson"
              options={auditing.lessons.map((l, i) => ({ value: i, label: `${i + 1}. ${l.title}` }))}
            />
          </Space>
        )}
        {preview.data && <MediaPlayer key={lesson} data={preview.data} />}
        {preview.data?.introduce && <RichTextView html={preview.data.introduce} />}
        <Input.TextArea
          style={{ marginTop: 12 }}
          rows={3}
          maxLength={TrainResLimits.commentMax}
          showCount
          placeholder="审核意见（驳回时必填）"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          data-testid="audit-comment"
        />
      </Modal>
      <AuditHistoryDrawer res={history} onClose={() => setHistory(null)} />
    </Card>
  );
}
