import { AccountMsg, accountApi, EMAIL_MSG, ProfileLimits } from '@xuetu/contract';
import { App, Button, Col, Descriptions, Form, Input, Modal, Radio, Row, Space } from 'antd';
import { useEffect, useState } from 'react';
import { callEnvelope } from '../../api/client';
import { useSession } from '../../app/store/session';
import type { UserDialogProps } from '../../app/userDialogs';
import { ImageCropUpload } from '../../components/ImageCropUpload';
import { PhoneDialog } from './PhoneDialog';

interface ProfileForm {
  sex?: number;
  qq?: string;
  weChat?: string;
  email?: string;
  headImage?: string;
}

/** 个人信息: own fields, one avatar, phone only through its own dialog (spec §2, §3). */
export default function ProfileDialog({ open, onClose }: UserDialogProps) {
  const { message } = App.useApp();
  const info = useSession((s) => s.userInfo);
  const getInfo = useSession((s) => s.getInfo);
  const [form] = Form.useForm<ProfileForm>();
  const [saving, setSaving] = useState(false);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [headImage, setHeadImage] = useState<string>();

  useEffect(() => {
    if (open && info) {
      form.setFieldsValue({ sex: info.sex, qq: info.qq, weChat: info.weChat, email: info.email });
      setHeadImage(undefined);
    }
  }, [open, info, form]);

  const save = async () => {
    // a form validation failure is shown by the form and must not become an unhandled rejection
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      const env = await callEnvelope(accountApi.updateUserInfoByUser, { ...v, ...(headImage !== undefined ? { headImage } : {}) });
      message.success(env.msg || AccountMsg.profileSaved);
      await getInfo().catch(() => {});
      onClose();
    } catch {
      // shown by the request wrapper
    } finally {
      setSaving(false);
    }
  };

  if (!info) return null;
  const isSys = info.userType === 'SysUser';
  return (
    <Modal
      title="个人信息"
      open={open}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      width={640}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
    >
      <Row gutter={24} data-testid="profile-dialog">
        <Col xs={24} sm={7} style={{ textAlign: 'center', marginBottom: 16 }}>
          <ImageCropUpload value={info.headImage} onChange={(img) => setHeadImage(img.path)} />
        </Col>
        <Col xs={24} sm={17}>
          <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
            <Descriptions.Item label="账号">{info.accountCode}</Descriptions.Item>
            <Descriptions.Item label="姓名">{info.chnName}</Descriptions.Item>
            <Descriptions.Item label="身份证号">{info.idCard}</Descriptions.Item>
            <Descriptions.Item label="单位">{info.comPanyName || '—'}</Descriptions.Item>
            <Descriptions.Item label="手机号">
              <Space>
                <span data-testid="profile-mobile">{info.mobile || '未绑定'}</span>
                <Button size="small" type="link" onClick={() => setPhoneOpen(true)} data-testid="change-phone">
                  修改
                </Button>
              </Space>
            </Descriptions.Item>
            {isSys && (
              <>
                <Descriptions.Item label="工号">{info.jobNum}</Descriptions.Item>
                <Descriptions.Item label="部门">{info.orgCodeName}</Descriptions.Item>
                <Descriptions.Item label="岗位">{info.postCodeName}</Descriptions.Item>
                <Descriptions.Item label="兼职岗位">{info.partTimePostCodeName}</Descriptions.Item>
                <Descriptions.Item label="社保号">{info.ssNo}</Descriptions.Item>
                <Descriptions.Item label="社保地">{info.ssAddr}</Descriptions.Item>
                <Descriptions.Item label="社保状态">{info.ssState}</Descriptions.Item>
                <Descriptions.Item label="有效期">{info.validDate}</Descriptions.Item>
              </>
            )}
          </Descriptions>
          <Form form={form} labelCol={{ span: 5 }}>
            <Form.Item label="性别" name="sex">
              <Radio.Group>
                <Radio value={0}>男</Radio>
                <Radio value={1}>女</Radio>
              </Radio.Group>
            </Form.Item>
            <Form.Item label="QQ" name="qq" rules={[{ pattern: /^\d*$/, message: 'QQ号只能是数字' }]}>
              <Input maxLength={ProfileLimits.qqMax} data-testid="profile-qq" />
            </Form.Item>
            <Form.Item label="微信" name="weChat">
              <Input maxLength={ProfileLimits.weChatMax} />
            </Form.Item>
            <Form.Item label="邮箱" name="email" rules={[{ type: 'email', message: EMAIL_MSG }]}>
              <Input maxLength={ProfileLimits.emailMax} />
            </Form.Item>
          </Form>
        </Col>
      </Row>
      <PhoneDialog open={phoneOpen} onClose={() => setPhoneOpen(false)} onChanged={() => void getInfo().catch(() => {})} />
    </Modal>
  );
}
