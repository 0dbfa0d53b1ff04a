import {
  CONNECTION_KIND_LABELS,
  CONNECTION_KINDS,
  CONNECTION_KINDS_BUILT,
  type ConnectionKind,
  ConnectionLimits,
  ConnectionMsg,
  type ConnectionSaveBody,
  type ConnectionTestResult,
  connectionsApi,
  type IdentitySourceView,
  LDAP_ATTRIBUTE_PATTERN,
  LDAP_URL_PATTERN,
  Msg,
} from '@xuetu/contract';
import { Alert, Button, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useState } from 'react';
import { useCallMutation } from '../../../api/hooks';
import { feedback } from '../../../app/feedback';
import { EditorDrawer, useEditorRecord } from '../EditorDrawer';
import { CompanySelect } from '../shared';

interface FormValues {
  companySysCode?: string;
  kind: ConnectionKind;
  name: string;
  enabled: boolean;
  bindPassword?: string;
  settings: {
    url: string;
    bindDn: string;
    baseDn: string;
    userFilter: string;
    attributes: { name: string; phone: string; email: string; jobNumber: string; department: string };
    autoCreate: boolean;
    timeoutMs: number;
  };
}

const EMPTY: FormValues = {
  kind: 'ldap',
  name: '',
  enabled: true,
  bindPassword: '',
  settings: {
    url: '',
    bindDn: '',
    baseDn: '',
    userFilter: '(uid={username})',
    attributes: { name: 'cn', phone: 'mobile', email: 'mail', jobNumber: 'employeeNumber', department: 'ou' },
    autoCreate: true,
    timeoutMs: 5000,
  },
};

const ATTRIBUTES: [keyof FormValues['settings']['attributes'], string][] = [
  ['name', '姓名'],
  ['phone', '手机号'],
  ['email', '邮箱'],
  ['jobNumber', '工号'],
  ['department', '部门'],
];

const attributeRule = { pattern: LDAP_ATTRIBUTE_PATTERN, message: ConnectionMsg.attributeInvalid };

/** The drawer a connection is added or edited in, with its 测试连接. */
export function SourceEditor(props: { open: boolean; id: number | null; platform: boolean; defaultCompany: string; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const [stored, setStored] = useState<IdentitySourceView | undefined>();
  const [result, setResult] = useState<ConnectionTestResult | null>(null);
  const { loading } = useEditorRecord({
    open: props.open,
    code: props.id ? String(props.id) : null,
    endpoint: connectionsApi.getIdentitySource,
    input: (code) => ({ id: Number(code) }),
    fill: (record) => {
      setStored(record);
      setResult(null);
      form.resetFields();
      form.setFieldsValue(
        record
          ? {
              companySysCode: record.companySysCode,
              kind: record.kind,
              name: record.name,
              enabled: record.enabled,
              bindPassword: '',
              settings: record.settings,
            }
          : { ...EMPTY, companySysCode: props.defaultCompany || undefined },
      );
    },
  });
  const save = useCallMutation(connectionsApi.saveIdentitySource, {
    onSuccess: () => {
      feedback.success(Msg.saved);
      props.onClose();
    },
  });
  const test = useCallMutation(connectionsApi.testIdentitySource, { invalidates: [], onSuccess: setResult });

  const body = async (): Promise<ConnectionSaveBody> => {
    const v = await form.validateFields();
    return {
      ...v,
      id: props.id ?? undefined,
      companySysCode: v.companySysCode ?? '',
      bindPassword: v.bindPassword ?? '',
      clearBindPassword: false,
    };
  };
  // 测试连接 needs the connection's settings only (not yet its company or name)
  const runTest = async () => {
    setResult(null);
    const fields = form.getFieldsValue(true) as FormValues;
    const ok = await form.validateFields([['settings'], ['bindPassword']], { recursive: true }).then(
      () => true,
      () => false,
    );
    if (!ok) return;
    test.mutate({ id: props.id ?? undefined, kind: fields.kind, settings: fields.settings, bindPassword: fields.bindPassword ?? '' });
  };

  return (
    <EditorDrawer
      open={props.open}
      title={props.id ? '编辑身份源' : '新增身份源'}
      width={Math.min(640, typeof window === 'undefined' ? 640 : window.innerWidth)}
      onClose={props.onClose}
      isDirty={() => form.isFieldsTouched()}
      loading={loading}
      saving={save.isPending}
      // a validation failure is shown by the form itself
      onSave={() =>
        body().then(
          (b) => save.mutate(b),
          () => {},
        )
      }
      saveTestId="source-save"
    >
      <Form form={form} layout="vertical" initialValues={EMPTY} data-testid="source-form">
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="启用后，该公司的账号只能用目录中的账号和密码登录（不再校验学途密码），目录中停用或删除的人员无法登录。请确认公司管理员也在目录中。"
        />
        {props.platform && !props.id && (
          <Form.Item name="companySysCode" label="公司" rules={[{ required: true, message: '请选择公司' }]}>
            <CompanySelect style={{ width: '100%' }} data-testid="source-company" />
          </Form.Item>
        )}
        <Row gutter={16}>
          <Col xs={24} sm={14}>
            <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: ConnectionMsg.nameRequired }]}>
              <Input maxLength={ConnectionLimits.nameMax} placeholder="如：总部 AD" data-testid="source-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item name="kind" label="类型" rules={[{ required: true, message: ConnectionMsg.kindInvalid }]}>
              <Select
                disabled={Boolean(props.id)}
                options={CONNECTION_KINDS.map((k) => ({
                  value: k,
                  label: CONNECTION_KINDS_BUILT.includes(k) ? CONNECTION_KIND_LABELS[k] : `${CONNECTION_KIND_LABELS[k]}（即将支持）`,
                  disabled: !CONNECTION_KINDS_BUILT.includes(k),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name={['settings', 'url']}
          label="地址"
          rules={[{ required: true, pattern: LDAP_URL_PATTERN, message: ConnectionMsg.urlInvalid }]}
        >
          <Input maxLength={ConnectionLimits.urlMax} placeholder="ldaps://dc1.example.com:636" data-testid="source-url" />
        </Form.Item>
        <Form.Item name={['settings', 'bindDn']} label="服务账号（绑定 DN）" extra="留空为匿名搜索">
          <Input maxLength={ConnectionLimits.dnMax} placeholder="cn=xuetu,ou=service,dc=example,dc=com" data-testid="source-bind-dn" />
        </Form.Item>
        <Form.Item
          name="bindPassword"
          label="服务账号密码"
          extra={stored?.bindPasswordSet ? '已设置：留空则保留原密码，输入新密码则替换' : undefined}
        >
          <Input.Password
            maxLength={ConnectionLimits.secretMax}
            autoComplete="new-password"
            placeholder={stored?.bindPasswordSet ? ConnectionMsg.secretSet : '请输入服务账号密码'}
            data-testid="source-password"
          />
        </Form.Item>
        <Form.Item
          name={['settings', 'baseDn']}
          label="搜索起点（Base DN）"
          rules={[{ required: true, whitespace: true, message: ConnectionMsg.baseDnRequired }]}
        >
          <Input maxLength={ConnectionLimits.dnMax} placeholder="ou=people,dc=example,dc=com" data-testid="source-base-dn" />
        </Form.Item>
        <Form.Item
          name={['settings', 'userFilter']}
          label="用户过滤条件"
          extra="{username} 处替换为登录时输入的用户名；在此排除目录中已停用的人员，如 AD：(&(sAMAccountName={username})(!(userAccountControl:1.2.840.113556.1.4.803:=2)))"
          rules={[{ required: true, pattern: /\{username\}/, message: ConnectionMsg.filterInvalid }]}
        >
          <Input maxLength={ConnectionLimits.filterMax} data-testid="source-filter" />
        </Form.Item>
        <Form.Item label="属性映射" style={{ marginBottom: 0 }}>
          <Row gutter={8}>
            {ATTRIBUTES.map(([key, label]) => (
              <Col xs={12} sm={8} key={key}>
                <Form.Item name={['settings', 'attributes', key]} label={label} rules={[attributeRule]}>
                  <Input maxLength={ConnectionLimits.attributeMax} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Form.Item>
        <Row gutter={16}>
          <Col xs={12} sm={8}>
            <Form.Item name="enabled" label="启用" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item name={['settings', 'autoCreate']} label="首次登录自动创建账号" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name={['settings', 'timeoutMs']}
              label="超时（毫秒）"
              rules={[{ required: true, message: ConnectionMsg.timeoutInvalid }]}
            >
              <InputNumber min={ConnectionLimits.timeoutMin} max={ConnectionLimits.timeoutMax} step={500} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Button onClick={() => void runTest()} loading={test.isPending} data-testid="source-test">
          测试连接
        </Button>
        {result && (
          <Alert
            style={{ marginTop: 12 }}
            type={result.ok ? 'success' : 'error'}
            showIcon
            message={result.message}
            data-testid="source-test-result"
          />
        )}
      </Form>
    </EditorDrawer>
  );
}
