import { ExportOutlined, ImportOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import {
  ExamLimits,
  examsApi,
  type InputOf,
  Perm,
  QUESTION_EXPORT_FORMATS,
  QUESTION_FORMAT_LABELS,
  type QuestionDirNode,
  type QuestionExportFormat,
  type QuestionView,
  stemText,
} from '@xuetu/contract';
import { App, Button, Card, Dropdown, Form, Input, Modal, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { call, callDownload } from '../../../../api/client';
import { useCall, useInvalidate } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { Can, useCan } from '../../../../components/Can';
import { AddButton, EditDeleteLinks, FilterSelect, KeywordItem, SearchButton, SearchForm } from '../../listParts';
import { DirTreeCard, TreeTablePage, useDirList } from '../../TreeTablePage';
import { answerText, DirSelect, QTypeFilter, typeTag, useDirTree, useExamCompany } from '../shared';
import { QuestionEditor } from './QuestionEditor';
import { QuestionImportDialog } from './QuestionImportDialog';

type DirTreeNode = { key: string; title: string; children: DirTreeNode[] };
const toTree = (nodes: QuestionDirNode[]): DirTreeNode[] =>
  nodes.map((n) => ({ key: n.dirCode, title: `${n.dirName}（${n.qCount}）`, children: toTree(n.children) }));
const findDir = (nodes: QuestionDirNode[], code: string): QuestionDirNode | undefined => {
  for (const n of nodes) {
    if (n.dirCode === code) return n;
    const hit = findDir(n.children, code);
    if (hit) return hit;
  }
  return undefined;
};

type QuestionSearch = Omit<InputOf<typeof examsApi.export>, 'format'>;

/** The file an export in each format is saved as when the server names none. */
const EXPORT_NAMES: Record<QuestionExportFormat, string> = {
  xlsx: '试题.xlsx',
  moodlexml: '试题.xml',
  gift: '试题.gift.txt',
  qti21: '试题.qti21.zip',
};

/** 题库管理: directory tree, search, editor per type, import (template, check, import), export, batch delete. */
export default function QuestionBankPage() {
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const can = useCan();
  const { company, picker } = useExamCompany();
  const dirs = useDirTree(company);
  const tree = dirs.data ?? [];
  const {
    dir: dirCode,
    setDir: setDirCode,
    pickDir,
    filter,
    applyFilter,
    paging,
    selected,
    setSelected,
    editor,
  } = useDirList<Omit<QuestionSearch, 'dirCode' | 'companySysCode'>>({ keyword: '' });
  const [importing, setImporting] = useState(false);
  const [dirForm, setDirForm] = useState<{ open: boolean; dirCode: string; dirName: string; pCode: string }>({
    open: false,
    dirCode: '',
    dirName: '',
    pCode: '',
  });
  const search: QuestionSearch = { ...filter, dirCode, companySysCode: company };
  const list = useCall(
    examsApi.questionGetPageList,
    { ...search, pageIndex: paging.page.pageIndex, pageRows: paging.page.pageSize },
    { placeholderData: keepPreviousData },
  );
  // the bank's lists and directory trees
  const reload = () => void invalidate('exams');
  const remove = useAppMutation({
    mutationFn: (codes: string[]) => call(examsApi.batchDelete, { qCodes: codes }),
    onSuccess: () => {
      message.success('删除成功!');
      setSelected([]);
      reload();
    },
  });
  // 导出 in a format (xlsx, Moodle XML, GIFT, QTI 2.1); the file is named by the server
  const exportList = useAppMutation({
    mutationFn: (format: QuestionExportFormat) => callDownload(examsApi.export, { ...search, format }, { fileName: EXPORT_NAMES[format] }),
  });
  const saveDir = useAppMutation({
    mutationFn: () =>
      call(examsApi.saveData, { dirCode: dirForm.dirCode, dirName: dirForm.dirName, pCode: dirForm.pCode, companySysCode: company }),
    onSuccess: () => {
      message.success('保存成功');
      setDirForm((f) => ({ ...f, open: false }));
      reload();
    },
  });
  const removeDir = useAppMutation({
    mutationFn: (code: string) => call(examsApi.deleteData, { dirCode: code }),
    onSuccess: () => {
      message.success('删除成功!');
      setDirCode('');
      reload();
    },
  });
  const current = dirCode ? findDir(tree, dirCode) : undefined;

  return (
    <div data-testid="question-bank">
      <TreeTablePage
        side={
          <DirTreeCard
            title="题库目录"
            editable={can(Perm.QuestionEdit)}
            picked={Boolean(current)}
            onAdd={() => setDirForm({ open: true, dirCode: '', dirName: '', pCode: dirCode })}
            edit={{ tip: '编辑目录', label: '编辑目录' }}
            onEdit={() => current && setDirForm({ open: true, dirCode: current.dirCode, dirName: current.dirName, pCode: current.pCode })}
            deleteConfirm="确定删除该目录吗？"
            onDelete={() => removeDir.mutate(dirCode)}
            top={picker && <div style={{ marginBottom: 12 }}>{picker}</div>}
            allLabel="全部试题"
            selected={dirCode}
            onAll={() => setDirCode('')}
            onSelect={pickDir}
            treeData={toTree(tree)}
          />
        }
      >
        <Card variant="borderless">
          <SearchForm
            onFinish={(v: { keyword?: string; qType?: number; difficulty?: number }) => {
              applyFilter({ keyword: v.keyword ?? '', qType: v.qType, difficulty: v.difficulty });
            }}
          >
            <KeywordItem placeholder="题干关键字" />
            <QTypeFilter />
            <FilterSelect
              name="difficulty"
              label="难度"
              width={100}
              options={[1, 2, 3, 4, 5].map((v) => ({ value: v, label: `${v} 星` }))}
            />
            <Space wrap>
              <SearchButton />
              <AddButton action={Perm.QuestionEdit} onClick={editor.add} testId="question-add">
                新增试题
              </AddButton>
              <Can action={Perm.QuestionImport}>
                <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="question-import">
                  导入
                </Button>
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: QUESTION_EXPORT_FORMATS.map((f) => ({ key: f, label: QUESTION_FORMAT_LABELS[f] })),
                    onClick: ({ key }) => exportList.mutate(key as QuestionExportFormat),
                  }}
                >
                  <Button icon={<ExportOutlined />} loading={exportList.isPending} data-testid="question-export">
                    导出
                  </Button>
                </Dropdown>
              </Can>
              <Can action={Perm.QuestionEdit}>
                <Popconfirm
                  title={`确定删除选中的 ${selected.length} 道试题吗？`}
                  disabled={!selected.length}
                  onConfirm={() => remove.mutate(selected)}
                >
                  <Button danger disabled={!selected.length}>
                    批量删除
                  </Button>
                </Popconfirm>
              </Can>
            </Space>
          </SearchForm>
          <Table<QuestionView>
            rowKey="qCode"
            {...paging.table(list)}
            rowSelection={can(Perm.QuestionEdit) ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as string[]) } : undefined}
            scroll={{ x: 1180 }}
            columns={[
              { title: '题型', dataIndex: 'qType', width: 90, render: typeTag },
              { title: '题干', dataIndex: 'qName', width: 340, ellipsis: true, render: (v: string) => stemText(v) },
              // the key as a person reads it (fill-in: 第1空：北京 或 北京市), not the stored JSON
              { title: '答案', dataIndex: 'answer', width: 140, ellipsis: true, render: (v: string, r) => answerText(r.qType, v) },
              { title: '难度', dataIndex: 'difficulty', width: 70 },
              { title: '分值', dataIndex: 'score', width: 70 },
              { title: '目录', dataIndex: 'dirName', width: 120, ellipsis: true },
              { title: '更新时间', dataIndex: 'updateTime', width: 160, render: (v: string) => v.slice(0, 16) },
              {
                title: '操作',
                key: 'op',
                width: 130,
                fixed: 'right',
                render: (_: unknown, q) =>
                  can(Perm.QuestionEdit) && (
                    <Space size={4}>
                      <EditDeleteLinks
                        onEdit={() => editor.edit(q.qCode)}
                        confirm="确定删除该试题吗？已使用它的试卷会保留它。"
                        onDelete={() => remove.mutate([q.qCode])}
                      />
                    </Space>
                  ),
              },
            ]}
          />
        </Card>
      </TreeTablePage>
      <QuestionEditor qCode={editor.code} tree={tree} defaultDir={dirCode} company={company} {...editor.dialog(reload)} />
      <QuestionImportDialog
        open={importing}
        tree={tree}
        defaultDir={dirCode}
        company={company}
        onClose={() => setImporting(false)}
        onImported={reload}
      />
      <Modal
        open={dirForm.open}
        title={dirForm.dirCode ? '编辑目录' : '新增目录'}
        onCancel={() => setDirForm((f) => ({ ...f, open: false }))}
        onOk={() => (dirForm.dirName.trim() ? saveDir.mutate() : message.error('请输入目录名称'))}
        confirmLoading={saveDir.isPending}
        okText="保存"
        cancelText="取消"
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label="目录名称" required>
            <Input
              value={dirForm.dirName}
              maxLength={ExamLimits.nameMax}
              onChange={(e) => setDirForm((f) => ({ ...f, dirName: e.target.value }))}
            />
          </Form.Item>
          <Form.Item label="上级目录">
            <DirSelect tree={tree} value={dirForm.pCode} onChange={(v) => setDirForm((f) => ({ ...f, pCode: v }))} placeholder="顶级目录" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
