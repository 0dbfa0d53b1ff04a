import { MARK_COMMENT_MAX, type MarkingRow } from '@xuetu/contract';
import { Button, Descriptions, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { Stem } from '../../../learner/exam/Stem';

export interface MarkValues {
  score: number;
  comment: string;
}

/**
 * The marking screen of one short answer: the stem, the reference answer, the learner's answer,
 * a score between 0 and the question's score (hundredths) and a comment. 保存 keeps the dialog
 * for a second look; 保存并阅下一份 moves on to the next unmarked answer.
 */
export function MarkingDialog({
  row,
  saving,
  onSave,
  onClose,
}: {
  row: MarkingRow | null;
  saving: boolean;
  onSave: (values: MarkValues, next: boolean) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<MarkValues>();
  useEffect(() => {
    if (row) form.setFieldsValue({ score: row.scoreGot ?? undefined, comment: row.comment ?? '' });
  }, [row, form]);
  const submit = (next: boolean) =>
    form
      .validateFields()
      .then((v) => onSave({ score: v.score, comment: v.comment ?? '' }, next))
      .catch(() => undefined); // the form shows what is wrong
  return (
    <Modal
      open={!!row}
      title="阅卷"
      width={880}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="save" loading={saving} onClick={() => void submit(false)} data-testid="mark-save">
          保存
        </Button>,
        <Button key="next" type="primary" loading={saving} onClick={() => void submit(true)} data-testid="mark-save-next">
          保存并阅下一份
        </Button>,
      ]}
    >
      {row && (
        <div data-testid="marking-dialog">
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'who', label: '考生', children: row.chnName },
              { key: 'full', label: '本题满分', children: `${row.score} 分` },
            ]}
          />
          <Typography.Text type="secondary">试题</Typography.Text>
          {/* stems are sanitised by the server when the question is saved */}
          <Stem html={row.qName} />
          {row.answer && (
            <div style={{ marginBottom: 12 }}>
              <Typography.Text type="secondary">参考答案</Typography.Text>
              <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{row.answer}</div>
            </div>
          )}
          <Typography.Text type="secondary">考生答案</Typography.Text>
          <div
            data-testid="marking-answer"
            style={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              background: '#fafafa',
              border: '1px solid #f0f0f0',
              borderRadius: 6,
              padding: 12,
              margin: '4px 0 16px',
              maxHeight: 320,
              overflow: 'auto',
            }}
          >
            {row.answerStr}
          </div>
          <Form form={form} layout="vertical">
            <Form.Item
              name="score"
              label={`得分（0 – ${row.score} 分）`}
              rules={[
                { required: true, message: '请输入得分' },
                { type: 'number', min: 0, max: row.score, message: `得分应在 0 到 ${row.score} 之间` },
              ]}
            >
              {/* no min/max on the field: it would silently clamp 55 to 40; the rule says what is wrong instead */}
              <InputNumber step={0.5} precision={2} style={{ width: 180 }} data-testid="mark-score" />
            </Form.Item>
            <Form.Item name="comment" label="评语">
              <Input.TextArea
                rows={3}
                maxLength={MARK_COMMENT_MAX}
                showCount
                placeholder="选填，考生查看成绩时可见"
                data-testid="mark-comment"
              />
            </Form.Item>
          </Form>
        </div>
      )}
    </Modal>
  );
}
