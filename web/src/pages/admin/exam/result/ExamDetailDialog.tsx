import { ANSWER_REVIEW_LABELS, EXAM_STATUS_LABELS, type ExamView } from '@xuetu/contract';
import { Button, Descriptions, Modal } from 'antd';

const yesNo = (v: number) => (v === 1 ? '是' : '否');

/** The exam detail dialog: the exam's settings (spec: exam detail shows the exam settings). */
export function ExamDetailDialog({ exam, onClose }: { exam: ExamView | null; onClose: () => void }) {
  return (
    <Modal
      open={!!exam}
      title="考试详情"
      width={880}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" type="primary" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      {exam && (
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          data-testid="exam-detail"
          items={[
            { key: 'name', label: '考试名称', children: exam.examName, span: 'filled' },
            { key: 'intro', label: '考试说明', children: exam.examIntrduce || '—', span: 'filled' },
            { key: 'paper', label: '试卷', children: exam.paperName },
            { key: 'status', label: '状态', children: EXAM_STATUS_LABELS[exam.status] },
            { key: 'start', label: '开始时间', children: exam.examStartTime },
            { key: 'end', label: '结束时间', children: exam.examEndTime },
            { key: 'time', label: '考试时长', children: `${exam.time} 分钟` },
            { key: 'total', label: '总分 / 及格分', children: `${exam.totlescore} / ${exam.passScore}` },
            {
              key: 'count',
              label: '题量',
              span: 'filled',
              children: `共 ${exam.totleq} 题：单选 ${exam.type1}，多选 ${exam.type2}，判断 ${exam.type3}，填空 ${exam.type4}，简答 ${exam.type5}`,
            },
            {
              key: 'repeat',
              label: '允许重考',
              children: exam.isAllow === 1 ? `是，最多 ${exam.isAllowCount} 次（取最高分）` : '否（仅一次）',
            },
            { key: 'view', label: '公布答案', children: ANSWER_REVIEW_LABELS[exam.answerReview] ?? yesNo(exam.isAllowedViewAnswer) },
            { key: 'secret', label: '成绩保密', children: yesNo(exam.isConfidential) },
            { key: 'partial', label: '多选题部分得分', children: yesNo(exam.isPartialCredit) },
            { key: 'shuffle', label: '题目 / 选项乱序', children: `${yesNo(exam.isShuffleQuestion)} / ${yesNo(exam.isShuffleOption)}` },
            { key: 'must', label: '学习前必须完成', children: yesNo(exam.mustCompleteBeforeStudy) },
            { key: 'people', label: '参考人数', children: exam.userCount },
            { key: 'attempts', label: '作答次数', children: exam.attemptCount },
          ]}
        />
      )}
    </Modal>
  );
}
