import {
  CONNECTION_KIND_LABELS,
  CONNECTION_KINDS,
  CONNECTION_KINDS_BUILT,
  type ConnectionKind,
  ConnectionLimits,
  ConnectionMsg,
  type ConnectionSaveBody,
  type ConnectionSettings,
  type ConnectionTestResult,
  connectionsApi,
  type IdentitySourceView,
  Msg,
} from '@xuetu/contract';
import { Alert, Button, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useState } from 'react';
import { useCallMutation } from '../../../api/hooks';
import { feedback } from '../../../app/feedback';
import { EditorDrawer, useEditorRecord } from '../EditorDrawer';
import { CompanySelect } from '../shared';
import { LdapFields, OidcFields, SETTINGS_DEFAULTS } from './SourceFields';

interface FormValues {
  companySysCode?: string;
  kind: ConnectionKind;
  name: string;
  enabled: boolean;
  bindPassword?: string;
  /** the kind's settings (SourceFields.tsx) */
  settings: ConnectionSettings;
}

const EMPTY: FormValues = { kind: 'ldap', name: '', enabled: true, bindPassword: '', settings: SETTINGS_DEFAULTS.ldap };

/** The drawer a connection is added or edited in, with its 测试连接. */
export function SourceEditor(props: { open: boolean; id: number | null; platform: boolean; defaultCompany: string; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const kind = Form.useWatch('kind', form) ?? 'ldap';
  const [stored, setStored] = useState<IdentitySourceView | undefined>();
  const secretSet = Boolean(stored?.bindPasswordSet);
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
      <Form
        form={form}
        layout="vertical"
        initialValues={EMPTY}
        data-testid="source-form"
        // another kind of a new connection: that kind's settings, and the result of a test of the other goes
        onValuesChange={(changed: Partial<FormValues>) => {
          if (!changed.kind || props.id) return;
          form.setFieldsValue({ settings: SETTINGS_DEFAULTS[changed.kind === 'oidc' ? 'oidc' : 'ldap'], bindPassword: '' });
          setResult(null);
        }}
      >
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
                data-testid="source-kind"
                options={CONNECTION_KINDS.map((k) => ({
                  value: k,
                  label: CONNECTION_KINDS_BUILT.includes(k) ? CONNECTION_KIND_LABELS[k] : `${CONNECTION_KIND_LABELS[k]}（即将支持）`,
                  disabled: !CONNECTION_KINDS_BUILT.includes(k),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        {kind === 'oidc' ? <OidcFields secretSet={secretSet} /> : <LdapFields secretSet={secretSet} />}
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
