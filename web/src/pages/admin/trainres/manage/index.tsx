import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { AuditStatus, MEDIA_STATUS_LABELS, Perm, RECOMMEND_LABELS, RES_TYPE_LABELS, type ResView, trainResApi } from '@xuetu/contract';
import { Alert, App, Button, Card, Modal, Popconfirm, Space, Switch, Table, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { call, callEnvelope } from '../../../../api/client';
import { useCall, useInvalidate } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { Can, useCan } from '../../../../components/Can';
import { MediaPlayer } from '../../../../components/MediaPlayer';
import { AddButton, FilterSelect, KeywordItem, SearchButton, SearchForm } from '../../listParts';
import { TreeTablePage, useDirList } from '../../TreeTablePage';
import { DirPanel } from '../DirPanel';
import { dirOptions, ResEditor } from '../ResEditor';
import { StudySettingsDialog } from '../StudySettingsDialog';
import { AuditHistoryDrawer, auditStatusFilter, resTable, statusTag, useResCompany, useResDirs } from '../shared';

interface ResSearch {
  dCode: string;
  keyword: string;
  resType?: number;
  auditStatus?: number;
  isRecommend?: number;
  companySysCode?: string;
}

const RECOMMEND_OPTIONS = [
  { value: 1, label: '已推荐' },
  { value: 0, label: '未推荐' },
];

/** 资源管理: directory tree beside the list; filters; batch submit, move and delete; the editor with uploads. */
export default function ResourceManagePage() {
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const can = useCan();
  const { company, picker } = useResCompany();
  const dirs = useResDirs(company);
  const tree = dirs.data ?? [];
  const {
    dir: dCode,
    pickDir,
    filter,
    applyFilter,
    paging,
    selected,
    setSelected,
    editor,
  } = useDirList<Omit<ResSearch, 'dCode'>>({ keyword: '' });
  const [history, setHistory] = useState<ResView | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  const [preview, setPreview] = useState<ResView | null>(null);
  const search: ResSearch = { ...filter, dCode, companySysCode: company };
  const list = useCall(
    trainResApi.getTrainResPageList,
    { ...search, pageIndex: paging.page.pageIndex, pageSize: paging.page.pageSize },
    {
      placeholderData: keepPreviousData,
      // media still being made: keep its progress current
      refetchInterval: (q) =>
        q.state.data?.models.some((m) => m.media && ['uploaded', 'processing'].includes(m.media.status)) ? 2000 : false,
    },
  );
  const capability = useCall(trainResApi.getMediaCapability, undefined, { staleTime: 300_000 });
  const previewData = useCall(
    trainResApi.getTrainResPreView,
    { rescode: preview?.resCode ?? '', lesson: 0 },
    { enabled: Boolean(preview) },
  );
  const reload = () => {
    void invalidate('courses');
  };
  const act = useAppMutation({
    mutationFn: (fn: () => Promise<unknown>) => fn(),
    success: '操作成功',
    invalidate: ['courses'],
  });
  const batchSubmit = useAppMutation({
    mutationFn: () => callEnvelope(trainResApi.batchPostCheck, { rescodes: selected }),
    invalidate: ['courses'],
    success: (res) => (res.data.failed.length ? undefined : res.msg),
    onSuccess: (res) => {
      setSelected([]);
      if (!res.data.failed.length) return;
      modal.warning({
        title: res.msg,
        content: (
          <ul>
            {res.data.failed.map((f) => (
              <li key={f.rescode}>
                {list.data?.models.find((m) => m.resCode === f.rescode)?.resName ?? f.rescode}：{f.reason}
              </li>
            ))}
          </ul>
        ),
      });
    },
  });
  const [moveTo, setMoveTo] = useState('');
  const [settings, setSettings] = useState(false);

  return (
    <div data-testid="res-manage">
      <StudySettingsDialog open={settings} company={company} onClose={() => setSettings(false)} />
      <TreeTablePage
        side={
          <>
            {picker && <div style={{ marginBottom: 12 }}>{picker}</div>}
            <DirPanel tree={tree} selected={dCode} company={company} onChanged={reload} onSelect={pickDir} />
          </>
        }
      >
        <Card variant="borderless">
          {capability.data && (
            <Alert
              style={{ marginBottom: 12 }}
              type={capability.data.canTranscode ? 'success' : 'warning'}
              showIcon
              data-testid="media-capability"
              message={
                capability.data.canTranscode
                  ? `视频转码可用（${capability.data.version.split(' ').slice(0, 3).join(' ')}）`
                  : capability.data.reason
              }
            />
          )}
          <SearchForm
            onFinish={(v: { keyword?: string; resType?: number; auditStatus?: number; isRecommend?: number }) => {
              applyFilter({ keyword: v.keyword ?? '', resType: v.resType, auditStatus: v.auditStatus, isRecommend: v.isRecommend });
            }}
          >
            <KeywordItem placeholder="资源名称" />
            <FilterSelect
              name="resType"
              label="类型"
              width={100}
              options={[1, 2, 3, 4].map((v) => ({ value: v, label: RES_TYPE_LABELS[v] }))}
            />
            {auditStatusFilter('审核状态', 110, [0, 10, 20, 30, 40])}
            <FilterSelect name="isRecommend" label="推荐" width={100} options={RECOMMEND_OPTIONS} />
            <Space wrap>
              <SearchButton />
              <AddButton action={Perm.ResAdd} onClick={editor.add} testId="res-add">
                新增资源
              </AddButton>
              <Can action={Perm.ResEdit}>
                <Button disabled={!selected.length} loading={batchSubmit.isPending} onClick={() => batchSubmit.mutate()}>
                  提交审核
                </Button>
                <Button disabled={!selected.length} onClick={() => setMoving('batch')}>
                  移动到
                </Button>
                {/* the company's study guard (ADR 0058): platform staff pick the company first */}
                <Button
                  disabled={Boolean(picker) && !company}
                  title={picker && !company ? '请先选择公司' : undefined}
                  onClick={() => setSettings(true)}
                  data-testid="study-settings-open"
                >
                  学习设置
                </Button>
              </Can>
              <Can action={Perm.ResDelete}>
                <Popconfirm
                  title={`确定删除选中的 ${selected.length} 个资源吗？`}
                  disabled={!selected.length}
                  onConfirm={() =>
                    act.mutate(async () => {
                      await call(trainResApi.batchDelete, { rescodes: selected });
                      setSelected([]);
                    })
                  }
                >
                  <Button danger disabled={!selected.length}>
                    批量删除
                  </Button>
                </Popconfirm>
              </Can>
            </Space>
          </SearchForm>
          <Table<ResView>
            {...resTable(paging, list)}
            rowSelection={
              can(Perm.ResEdit) || can(Perm.ResDelete)
                ? { selectedRowKeys: selected, onChange: (k) => setSelected(k.map(String)) }
                : undefined
            }
            scroll={{ x: 1380 }}
            columns={[
              { title: '资源名称', dataIndex: 'resName', width: 240, ellipsis: true },
              { title: '类型', dataIndex: 'resType', width: 70, render: (v: number) => RES_TYPE_LABELS[v] },
              { title: '目录', dataIndex: 'dName', width: 120, ellipsis: true },
              {
                title: '审核状态',
                dataIndex: 'auditStatus',
                width: 110,
                render: (v: number, r) => (
                  <Space size={4}>
                    {statusTag(v)}
                    {r.hasLiveVersion && v !== 20 && <Tag color="green">学员可见旧版</Tag>}
                  </Space>
                ),
              },
              {
                title: '文件',
                key: 'media',
                width: 150,
                render: (_: unknown, r) =>
                  r.media ? (
                    <span data-testid="row-media-status">
                      {MEDIA_STATUS_LABELS[r.media.status]}
                      {['uploaded', 'processing'].includes(r.media.status) ? ` ${r.media.progress}%` : ''}
                      {r.media.status === 'failed' && <Tag color="red">{r.media.error.slice(0, 20)}</Tag>}
                    </span>
                  ) : r.resType === 4 ? (
                    '图文'
                  ) : (
                    <Tag>未上传</Tag>
                  ),
              },
              {
                title: '推荐',
                dataIndex: 'recommendCate',
                width: 80,
                render: (v: number) => (v ? <Tag color="volcano">{RECOMMEND_LABELS[v]}</Tag> : ''),
              },
              {
                title: '仅本公司',
                dataIndex: 'isPrivate',
                width: 90,
                render: (v: number, r) => (
                  <Switch
                    size="small"
                    aria-label={`仅本公司：${r.resName}`}
                    checked={v === 1}
                    disabled={!can(Perm.ResEdit)}
                    onChange={(on) => act.mutate(() => call(trainResApi.setPrivate, { rescode: r.resCode, isPrivate: on ? 1 : 0 }))}
                  />
                ),
              },
              { title: '更新时间', dataIndex: 'updateTime', width: 160 },
              {
                title: '操作',
                key: 'ops',
                fixed: 'right',
                width: 300,
                render: (_: unknown, r) => (
                  <Space size={0} wrap>
                    <Button type="link" size="small" onClick={() => setPreview(r)}>
                      预览
                    </Button>
                    <Can action={Perm.ResEdit}>
                      <Button
                        type="link"
                        size="small"
                        disabled={r.auditStatus === AuditStatus.Pending}
                        onClick={() => editor.edit(r.resCode)}
                      >
                        编辑
                      </Button>
                      {[0, 30, 40].includes(r.auditStatus) && (
                        <Button
                          type="link"
                          size="small"
                          onClick={() => act.mutate(() => call(trainResApi.postCheck, { rescode: r.resCode }))}
                          data-testid="res-submit"
                        >
                          提交审核
                        </Button>
                      )}
                      <Button
                        type="link"
                        size="small"
                        aria-label="上移"
                        icon={<ArrowUpOutlined />}
                        onClick={() => act.mutate(() => call(trainResApi.reOrder, { rescode: r.resCode, direction: 'up' }))}
                      />
                      <Button
                        type="link"
                        size="small"
                        aria-label="下移"
                        icon={<ArrowDownOutlined />}
                        onClick={() => act.mutate(() => call(trainResApi.reOrder, { rescode: r.resCode, direction: 'down' }))}
                      />
                      <Button type="link" size="small" onClick={() => setMoving(r.resCode)}>
                        移动
                      </Button>
                    </Can>
                    <Button type="link" size="small" onClick={() => setHistory(r)}>
                      审核记录
                    </Button>
                    <Can action={Perm.ResDelete}>
                      <Popconfirm
                        title="确定删除该资源吗？"
                        onConfirm={() => act.mutate(() => call(trainResApi.batchDelete, { rescodes: [r.resCode] }))}
                      >
                        <Button type="link" size="small" danger>
                          删除
                        </Button>
                      </Popconfirm>
                    </Can>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </TreeTablePage>
      <ResEditor resCode={editor.code} tree={tree} defaultDir={dCode} company={company} {...editor.dialog(reload)} />
      <AuditHistoryDrawer res={history} onClose={() => setHistory(null)} />
      <Modal
        open={Boolean(moving)}
        title="移动到目录"
        destroyOnHidden
        okButtonProps={{ disabled: !moveTo }}
        onCancel={() => setMoving(null)}
        onOk={() =>
          act.mutate(async () => {
            await call(trainResApi.multiChangeDirectory, { rescodes: moving === 'batch' ? selected : [moving ?? ''], dcode: moveTo });
            setMoving(null);
            setSelected([]);
          })
        }
      >
        <TreeSelect
          style={{ width: '100%' }}
          treeDefaultExpandAll
          treeData={dirOptions(tree)}
          aria-label="选择目录"
          placeholder="选择目录"
          onChange={(v) => setMoveTo(v ?? '')}
        />
      </Modal>
      <Modal open={Boolean(preview)} title={preview?.resName} width={820} footer={null} destroyOnHidden onCancel={() => setPreview(null)}>
        {previewData.data && <MediaPlayer data={previewData.data} />}
      </Modal>
    </div>
  );
}
