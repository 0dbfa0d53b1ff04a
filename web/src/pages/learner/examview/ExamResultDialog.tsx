import { userexamApi } from '@xuetu/contract';
import { App, Button, Modal, Spin } from 'antd';
import { useCall } from '../../../api/hooks';
import { downloadResultPdf } from './downloadResultPdf';
import { ExamResultContent } from './ExamResultContent';

/** 考试结果 (1080 px): close, export PDF, print. */
export function ExamResultDialog({ userpaperId, onClose }: { userpaperId: number | null; onClose: () => void }) {
  const { message } = App.useApp();
  const q = useCall(userexamApi.getExamResult, { userpaperId: userpaperId ?? 0 }, { enabled: !!userpaperId });
  return (
    <Modal
      open={!!userpaperId}
      title="考试结果"
      width={1080}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button
          key="pdf"
          data-testid="dialog-export-pdf"
          onClick={() => downloadResultPdf(userpaperId!).catch((e: Error) => message.error(e.message))}
        >
          导出PDF
        </Button>,
        <Button key="print" type="primary" onClick={() => window.open(`/ysUserExam/examview?userpaperId=${userpaperId}&print=1`, '_blank')}>
          打印
        </Button>,
      ]}
    >
      {q.data ? <ExamResultContent r={q.data} /> : <Spin style={{ display: 'block', margin: '40px auto' }} />}
    </Modal>
  );
}
