import { keepPreviousData } from '@tanstack/react-query';
import { examsApi, type QuestionDirNode, type QuestionView, stemText } from '@xuetu/contract';
import { Form, Modal, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useCall } from '../../../../api/hooks';
import { KeywordItem } from '../../listParts';
import { DirSelect, QTypeFilter, typeTag } from '../shared';

/** 选择试题: the bank with directory / type / keyword filters; questions already in the paper are shown ticked and fixed. */
export function QuestionPicker(props: {
  open: boolean;
  tree: QuestionDirNode[];
  company: string;
  taken: string[];
  onCancel: () => void;
  onOk: (picked: QuestionView[]) => void;
}) {
  const [filter, setFilter] = useState<{ dirCode: string; qType?: number; keyword: string }>({ dirCode: '', keyword: '' });
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const [picked, setPicked] = useState<Map<string, QuestionView>>(new Map());
  useEffect(() => {
    if (props.open) setPicked(new Map());
  }, [props.open]);
  const list = useCall(
    examsApi.questionGetPageList,
    { ...filter, companySysCode: props.company, pageIndex: page.pageIndex, pageRows: page.pageSize },
    { enabled: props.open, placeholderData: keepPreviousData },
  );
  return (
    <Modal
      open={props.open}
      title="选择试题"
      width={960}
      okText={`加入试卷（${picked.size}）`}
      cancelText="取消"
      onCancel={props.onCancel}
      onOk={() => props.onOk([...picked.values()])}
      destroyOnHidden
    >
      <Form
        layout="inline"
        style={{ marginBottom: 12, rowGap: 8 }}
        onValuesChange={(_, all: { dirCode?: string; qType?: number; keyword?: string }) => {
          setFilter({ dirCode: all.dirCode ?? '', qType: all.qType, keyword: all.keyword ?? '' });
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
      >
        <Form.Item name="dirCode">
          <DirSelect tree={props.tree} placeholder="全部目录" />
        </Form.Item>
        <QTypeFilter />
        <KeywordItem placeholder="题干关键字" />
      </Form>
      <Table<QuestionView>
        size="small"
        rowKey="qCode"
        loading={list.isFetching}
        dataSource={list.data?.models ?? []}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: [...props.taken, ...picked.keys()],
          getCheckboxProps: (q) => ({ disabled: props.taken.includes(q.qCode) }),
          onSelect: (q, on) =>
            setPicked((m) => {
              const next = new Map(m);
              if (on) next.set(q.qCode, q);
              else next.delete(q.qCode);
              return next;
            }),
          onSelectAll: (on, _rows, changed) =>
            setPicked((m) => {
              const next = new Map(m);
              for (const q of changed)
                if (on) next.set(q.qCode, q);
                else next.delete(q.qCode);
              return next;
            }),
        }}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: list.data?.totalCount ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
        }}
        columns={[
          { title: '题型', dataIndex: 'qType', width: 90, render: typeTag },
          { title: '题干', dataIndex: 'qName', width: 460, ellipsis: true, render: (v: string) => stemText(v) },
          { title: '目录', dataIndex: 'dirName', width: 120 },
          { title: '分值', dataIndex: 'score', width: 70 },
        ]}
      />
    </Modal>
  );
}
