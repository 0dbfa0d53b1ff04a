import { keepPreviousData } from '@tanstack/react-query';
import { RES_TYPE_LABELS, trainResApi } from '@xuetu/contract';
import { Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useCall } from '../../../api/hooks';
import { indexColumn, reorderColumn } from '../../../components/OrderedList';
import { moveItem, type PickedRes } from './logic';

/** The project's courses: search the resource library (approved resources only) and order the picks. */
export function ResourcePicker({ company, value, onChange }: { company: string; value: PickedRes[]; onChange: (v: PickedRes[]) => void }) {
  const [keyword, setKeyword] = useState('');
  // the resource library's search list, every directory
  const list = useCall(
    trainResApi.getSearchPageList,
    { dCode: '', keyword, companySysCode: company, pageIndex: 1, pageSize: 50 },
    { placeholderData: keepPreviousData },
  );
  const options = (list.data?.models ?? [])
    .filter((r) => r.hasLiveVersion && !value.some((v) => v.resCode === r.resCode))
    .map((r) => ({
      value: r.resCode,
      label: `${r.resName}（${RES_TYPE_LABELS[r.resType] ?? ''}，${r.creditHours} 学时）`,
      name: r.resName,
    }));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        value={null}
        aria-label="搜索资源库并添加课程（仅审核通过的资源）"
        placeholder="搜索资源库并添加课程（仅审核通过的资源）"
        style={{ width: '100%' }}
        loading={list.isFetching}
        options={options}
        notFoundContent={list.isFetching ? '加载中…' : '没有可添加的资源'}
        onChange={(code: string) => {
          const o = options.find((x) => x.value === code);
          if (o) onChange([...value, { resCode: o.value, resName: o.name }]);
        }}
        data-testid="project-res-search"
      />
      <Table<PickedRes>
        size="small"
        rowKey="resCode"
        pagination={false}
        dataSource={value}
        locale={{ emptyText: '尚未选择课程' }}
        data-testid="project-res-list"
        columns={[
          indexColumn,
          { title: '课程', dataIndex: 'resName' },
          reorderColumn<PickedRes>({
            width: 130,
            count: value.length,
            onMove: (i, delta) => onChange(moveItem(value, i, delta)),
            onRemove: (r) => onChange(value.filter((x) => x.resCode !== r.resCode)),
          }),
        ]}
      />
    </Space>
  );
}
