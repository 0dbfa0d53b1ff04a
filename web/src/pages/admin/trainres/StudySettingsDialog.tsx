import { Msg, STUDY_IDLE_MAX, StudySettingsMsg, type StudySettingsView, studyApi } from '@xuetu/contract';
import { Alert, Form, InputNumber, Modal, Skeleton, Switch } from 'antd';
import { useEffect } from 'react';
import { callEnvelope } from '../../../api/client';
import { useCall } from '../../../api/hooks';
import { useAppMutation } from '../../../app/useAppMutation';

interface Fields {
  idleMinutes: number;
  randomCheck: boolean;
  watermark: boolean;
}

/**
 * 学习设置 (issue 44, ADR 0058): a company's anti-idle minutes, random presence checks while a video
 * plays, and the dynamic watermark. `company`: the company platform staff picked ('' = a company
 * user's own; the server decides by the tenant rule either way).
 */
export function StudySettingsDialog({ open, company, onClose }: { open: boolean; company: string; onClose: () => void }) {
  const [form] = Form.useForm<Fields>();
  const current = useCall(studyApi.getStudySettings, { companySysCode: company }, { enabled: open, staleTime: 0 });
  useEffect(() => {
    if (open && current.data)
      form.setFieldsValue({
        idleMinutes: current.data.idleMinutes,
        randomCheck: current.data.randomCheck === 1,
        watermark: current.data.watermark === 1,
      });
  }, [open, current.data, form]);
  const save = useAppMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      const env = await callEnvelope(studyApi.saveStudySettings, {
        companySysCode: company,
        idleMinutes: v.idleMinutes,
        randomCheck: v.randomCheck ? 1 : 0,
        watermark: v.watermark ? 1 : 0,
      });
      return env.data as StudySettingsView;
    },
    success: Msg.saved,
    invalidate: ['courses'],
    onSuccess: onClose,
  });
  return (
    <Modal
      open={open}
      title="学习设置"
      onCancel={onClose}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      destroyOnHidden
      okText="保存"
    >
      {current.isLoading ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" data-testid="study-settings">
          <Form.Item
            name="idleMinutes"
            label="无操作暂停（分钟）"
            extra="学员在学习页这么久没有鼠标、键盘、触摸或滚动操作时，视频暂停并请学员确认在场，确认前不计学习时长；0 表示不检查"
            rules={[
              { required: true, message: StudySettingsMsg.idleInvalid },
              { type: 'integer', min: 0, max: STUDY_IDLE_MAX, message: StudySettingsMsg.idleInvalid },
            ]}
          >
            <InputNumber min={0} max={STUDY_IDLE_MAX} precision={0} style={{ width: 160 }} aria-label="无操作暂停（分钟）" />
          </Form.Item>
          <Form.Item
            name="randomCheck"
            label="播放中随机在场确认"
            valuePropName="checked"
            extra="视频播放中随机弹出数字确认，未确认前不计学习时长"
          >
            <Switch aria-label="播放中随机在场确认" />
          </Form.Item>
          <Form.Item
            name="watermark"
            label="动态水印"
            valuePropName="checked"
            extra="在视频和文档上显示学员姓名、手机号后四位（或账号）和时间；课程可单独设置始终显示或不显示"
          >
            <Switch aria-label="动态水印" />
          </Form.Item>
          <Alert type="info" showIcon message="修改约一分钟内对所有学员生效" />
        </Form>
      )}
    </Modal>
  );
}
