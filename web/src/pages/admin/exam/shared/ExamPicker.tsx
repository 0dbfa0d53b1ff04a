import { keepPreviousData } from '@tanstack/react-query';
import { EXAM_STATUS_LABELS, ExamStatus, examsApi } from '@xuetu/contract';
import { Select } from 'antd';
import { useState } from 'react';
import { useCall } from '../../../../api/hooks';

/**
 * Picks one of the company's published or closed exams (drafts have no attempts), searching by
 * name on the server. Used by the marking and result pages.
 */
export function ExamPicker({
  company,
  value,
  onChange,
  width = 320,
}: {
  company: string;
  value: string;
  onChange: (examCode: string) => void;
  width?: number;
}) {
  const [keyword, setKeyword] = useState('');
  const list = useCall(
    examsApi.examGetPageList,
    { keyword, companySysCode: company, pageIndex: 1, pageRows: 100 },
    { placeholderData: keepPreviousData },
  );
  const options = (list.data?.models ?? [])
    .filter((e) => e.status !== ExamStatus.Draft)
    .map((e) => ({ value: e.examCode, label: `${e.examName}（${EXAM_STATUS_LABELS[e.status]}）` }));
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      // on a phone: at most the screen less its label and the card's padding (issue 23 item 12)
      style={{ width: `min(${width}px, calc(100vw - 140px))` }}
      aria-label="选择考试"
      placeholder="选择考试"
      loading={list.isFetching}
      value={value || undefined}
      options={options}
      onChange={(v: string) => onChange(v)}
      notFoundContent={list.isFetching ? '加载中…' : '暂无已发布的考试'}
      data-testid="exam-picker"
    />
  );
}
