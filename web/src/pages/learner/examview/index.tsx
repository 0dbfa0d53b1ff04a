import { CloseOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { USER_EXAM_BASE, userexamApi } from '@xuetu/contract';
import { App, Button, Card, Result, Space, Spin } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useCall } from '../../../api/hooks';
import { useTagsView } from '../../../app/store/tagsView';
import { downloadResultPdf } from './downloadResultPdf';
import { ExamResultContent } from './ExamResultContent';

/**
 * Tab mode (spec: closing also closes the tab): a page opened in its own browser tab (the print
 * page, a link opened with window.open) closes that tab; inside the layout it closes its tag and
 * shows the last remaining one, as the tag's own close button does.
 */
export function useCloseTab() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return () => {
    if (window.opener && window.history.length <= 1) {
      window.close();
      return;
    }
    const left = useTagsView.getState().delView(pathname);
    navigate(left.length ? left[left.length - 1].fullPath : '/dashboard', { replace: true });
  };
}

/**
 * /ysUserExam/examview?userpaperId=…: the result page (also what the 考试结果 dialog shows).
 * `print=1` is the print page: it prints itself after 3 seconds (spec).
 */
export default function ExamViewPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const closeTab = useCloseTab();
  const id = Number(params.get('userpaperId')) || 0;
  const printing = params.get('print') === '1';
  const q = useCall(userexamApi.getExamResult, { userpaperId: id }, { enabled: id > 0 });
  useEffect(() => {
    if (!printing || !q.data) return;
    const timer = window.setTimeout(() => window.print(), 3000);
    return () => window.clearTimeout(timer);
  }, [printing, q.data]);
  if (!id) return <Result status="404" title="未指定答卷" />;
  if (q.isError)
    return (
      <Result
        status="warning"
        title={(q.error as Error).message}
        extra={<Button onClick={() => navigate('/dashboard')}>返回首页</Button>}
      />
    );
  if (!q.data) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return (
    <Card
      title="考试结果"
      extra={
        printing ? null : (
          <Space>
            <Button
              icon={<DownloadOutlined />}
              data-testid="export-pdf"
              onClick={() => downloadResultPdf(id).catch((e: Error) => message.error(e.message))}
            >
              导出PDF
            </Button>
            <Button
              icon={<PrinterOutlined />}
              onClick={() => window.open(`${window.location.pathname}?userpaperId=${id}&print=1`, '_blank')}
            >
              打印
            </Button>
            <Button icon={<CloseOutlined />} onClick={closeTab} data-testid="close-result">
              关闭
            </Button>
          </Space>
        )
      }
    >
      <ExamResultContent r={q.data} />
    </Card>
  );
}

export const RESULT_PDF_URL = `${USER_EXAM_BASE}/ExportResultPdf`;
