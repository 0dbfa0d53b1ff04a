import { type CertDefinitionView, type CertIssuedView, CertLimits, CertMsg, certAdminApi } from '@xuetu/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { callEnvelope } from '../../../api/client';
import { useCallMutation } from '../../../api/hooks';
import { feedback } from '../../../app/feedback';
import { useAppMutation } from '../../../app/useAppMutation';
import { useParticipantsField } from '../ParticipantsField';
import { pickIds } from '../participants';

/** 手动发放: the participant dialog's people, departments and posts of the certificate's company. */
export function ManualIssueDialog(props: { definition: CertDefinitionView | null; onClose: () => void }) {
  const d = props.definition;
  const participants = useParticipantsField({
    company: d?.companySysCode ?? '',
    testIdPrefix: 'cert-issue',
    hint: '尚未选择；已持有该证书有效证书的人员不会重复发放',
    tabs: ['user', 'org', 'post'],
  });
  const { setPicks } = participants;
  useEffect(() => {
    if (d) setPicks({ users: [], orgs: [], posts: [] });
  }, [d, setPicks]);
  const issue = useAppMutation({
    mutationFn: async () => {
      const ids = pickIds(participants.picks);
      if (!ids.users.length && !ids.orgs.length && !ids.posts.length) throw new Error(CertMsg.peopleRequired);
      return callEnvelope(certAdminApi.issueCertManually, { definitionId: d!.id, participants: ids });
    },
    success: (res) => res.msg,
    invalidate: ['certificates'],
    onSuccess: props.onClose,
  });
  return (
    <>
      <Modal
        open={Boolean(d)}
        title={`手动发放：${d?.name ?? ''}`}
        onCancel={props.onClose}
        onOk={() => issue.mutate()}
        confirmLoading={issue.isPending}
      >
        <Typography.Paragraph type="secondary">一次最多向 {CertLimits.manualMax} 人发放。</Typography.Paragraph>
        {participants.field}
      </Modal>
      {participants.dialog}
    </>
  );
}

/** 撤销证书: the reason is required and kept with the certificate. */
export function RevokeDialog(props: { cert: CertIssuedView | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (props.cert) form.resetFields();
  }, [props.cert, form]);
  const revoke = useCallMutation(certAdminApi.revokeCert, {
    onSuccess: () => {
      feedback.success('证书已撤销');
      props.onClose();
    },
  });
  return (
    <Modal
      open={Boolean(props.cert)}
      title={`撤销证书 ${props.cert?.number ?? ''}`}
      onCancel={props.onClose}
      confirmLoading={revoke.isPending}
      okButtonProps={{ danger: true }}
      okText="撤销"
      onOk={() =>
        form.validateFields().then(
          (v) => revoke.mutate({ id: props.cert!.id, reason: v.reason }),
          // the form shows what is missing
          () => undefined,
        )
      }
    >
      <Typography.Paragraph>
        持证人：{props.cert?.holderName}，证书：{props.cert?.certName}。撤销后公开查验页显示“已撤销”。
      </Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label="撤销原因" rules={[{ required: true, whitespace: true, message: CertMsg.reasonRequired }]}>
          <Input.TextArea maxLength={CertLimits.reasonMax} showCount rows={3} data-testid="cert-revoke-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
