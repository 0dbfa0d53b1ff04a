import {
  ADMIN_NAME_MAX,
  AdminMsg,
  EMPTY_DATE,
  ID_CARD_LENGTH,
  ID_CARD_PATTERN,
  isEmptyDate,
  Msg,
  PHONE_LENGTH,
  PHONE_PATTERN,
  postsApi,
  type UserRowView,
  usersApi,
} from '@xuetu/contract';
import { App, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { callEnvelope } from '../../../../api/client';
import { useCall } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { CompanySelect, OrgTreeSelect, useIsPlatform } from '../../shared';
import { useConfirmDiscard } from '../../useConfirmDiscard';

interface FormValues {
  companySysCode?: string;
  chnName: string;
  idCard: string;
  mobile: string;
  validDate?: Dayjs | null;
  orgCode?: string;
  postCode?: string;
  partTimePostCode?: string;
}

/** A required field of a fixed shape (the ID card, the phone number): blank says `required`, another shape `format`. */
const requiredShaped = (required: string, pattern: RegExp, format: string) => [
  { required: true, whitespace: true, message: required },
  { pattern, message: format },
];

/** 新增学员 (type 1) / 编辑学员 (spec §2 "Learner add/edit dialog"). */
export function LearnerDialog(props: {
  open: boolean;
  user: UserRowView | null;
  defaultCompany?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const isPlatform = useIsPlatform();
  const adding = !props.user;
  const company = Form.useWatch('companySysCode', form) ?? props.user?.companySysCode ?? '';
  const orgCode = Form.useWatch('orgCode', form);
  const scopeCompany = isPlatform ? company : '';
  const orgPosts = useCall(
    postsApi.getOrgPostListPage,
    { orgCode, pageIndex: 1, pageSize: 1000, companySysCode: scopeCompany },
    { enabled: props.open && Boolean(orgCode) },
  );
  const allPosts = useCall(
    postsApi.getPostListPage,
    { pageIndex: 1, pageSize: 1000, companySysCode: scopeCompany },
    { enabled: props.open && (!isPlatform || Boolean(scopeCompany)) },
  );

  useEffect(() => {
    if (!props.open) return;
    form.resetFields();
    const u = props.user;
    form.setFieldsValue({
      companySysCode: u?.companySysCode || props.defaultCompany || undefined,
      chnName: u?.chnName ?? '',
      idCard: u?.idCard ?? '',
      mobile: u?.mobile ?? '',
      // spec: the empty-date sentinel shows blank
      validDate: u && !isEmptyDate(u.validDate) ? dayjs(u.validDate) : null,
      orgCode: u?.orgCode || undefined,
      postCode: u?.postCode || undefined,
      partTimePostCode: u?.partTimePostCode || undefined,
    });
  }, [props.open, props.user, props.defaultCompany, form]);

  const save = useAppMutation({
    mutationFn: (v: FormValues) =>
      callEnvelope(usersApi.editUserInfo, {
        type: adding ? 1 : 0,
        userId: props.user?.userId,
        chnName: v.chnName,
        idCard: v.idCard,
        mobile: v.mobile,
        validDate: v.validDate ? v.validDate.format('YYYY-MM-DD 00:00:00') : EMPTY_DATE,
        orgCode: v.orgCode ?? '',
        postCode: v.postCode ?? '',
        partTimePostCode: v.partTimePostCode ?? '',
        userType: 'ComPanyUser',
        companySysCode: v.companySysCode ?? '',
      }),
    success: (res) => res.msg || Msg.modified,
    onSuccess: () => {
      props.onSaved();
      props.onClose();
    },
  });
  // the form shows its own validation messages; the mutation shows a server refusal once
  const submit = () =>
    form.validateFields().then(
      (v) => save.mutate(v),
      () => undefined,
    );

  const close = useConfirmDiscard(() => form.isFieldsTouched(), props.onClose);
  const postOptions = (orgPosts.data?.models ?? []).map((p) => ({ value: p.postCode, label: p.postName }));
  return (
    <Modal
      open={props.open}
      title={adding ? '新增学员' : '编辑学员'}
      onCancel={close}
      onOk={submit}
      confirmLoading={save.isPending}
      okText="保存"
      destroyOnHidden
      mask={{ closable: false }}
      width={560}
      data-testid="learner-dialog"
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} validateTrigger="onBlur">
        {isPlatform && adding && (
          <Form.Item name="companySysCode" label="所属公司" rules={[{ required: true, message: AdminMsg.pickCompany }]}>
            <CompanySelect style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="chnName" label="姓名" rules={[{ required: true, whitespace: true, message: AdminMsg.nameRequired }]}>
          <Input maxLength={ADMIN_NAME_MAX} data-testid="learner-chnName" />
        </Form.Item>
        <Form.Item name="idCard" label="身份证" rules={requiredShaped(AdminMsg.idCardRequired, ID_CARD_PATTERN, AdminMsg.idCardFormat)}>
          <Input maxLength={ID_CARD_LENGTH} data-testid="learner-idCard" />
        </Form.Item>
        <Form.Item name="mobile" label="手机号" rules={requiredShaped(AdminMsg.mobileRequired, PHONE_PATTERN, Msg.phoneFormat)}>
          <Input maxLength={PHONE_LENGTH} data-testid="learner-mobile" />
        </Form.Item>
        <Form.Item name="validDate" label="有效期">
          <DatePicker style={{ width: '100%' }} placeholder="不填表示长期有效" />
        </Form.Item>
        <Form.Item name="orgCode" label="部门" rules={[{ required: true, message: AdminMsg.selectOrg }]} validateTrigger="onChange">
          <OrgTreeSelect
            data-testid="learner-org"
            companySysCode={scopeCompany}
            onChange={(v) => {
              form.setFieldsValue({ orgCode: v, postCode: undefined });
            }}
          />
        </Form.Item>
        <Form.Item name="postCode" label="岗位" rules={[{ required: true, message: AdminMsg.selectPost }]} validateTrigger="onChange">
          <Select
            data-testid="learner-post"
            placeholder="请选择岗位"
            options={postOptions}
            allowClear
            loading={orgPosts.isLoading && Boolean(orgCode)}
            onOpenChange={(open) => {
              // spec: the post picker needs an organisation first
              if (open && !form.getFieldValue('orgCode')) message.warning(AdminMsg.orgFirst);
            }}
            notFoundContent={orgCode ? '该部门暂无岗位' : AdminMsg.orgFirst}
          />
        </Form.Item>
        <Form.Item name="partTimePostCode" label="兼职岗位">
          <Select
            placeholder={AdminMsg.selectPartTimePost}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={(allPosts.data?.models ?? []).map((p) => ({ value: p.postCode, label: p.postName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
