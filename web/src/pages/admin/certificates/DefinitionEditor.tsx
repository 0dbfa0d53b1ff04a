import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CERT_PREFIX_PATTERN,
  CERT_RULE_KIND_LABELS,
  CERT_RULE_KINDS,
  CERT_TEMPLATE_LABELS,
  CERT_TEMPLATES,
  type CertDefinitionView,
  CertLimits,
  CertMsg,
  type CertRuleKind,
  certAdminApi,
  examsApi,
  projectsApi,
} from '@xuetu/contract';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../api/client';
import { useCall } from '../../../api/hooks';
import { useAppMutation } from '../../../app/useAppMutation';
import { CompanySelect, useIsPlatform } from '../shared';

interface Values {
  companySysCode?: string;
  name: string;
  template: string;
  prefix: string;
  validityMonths: number;
  enabled: boolean;
  rules: { kind: CertRuleKind; refCode: string; minScore?: number | null }[];
}

/** 新增 / 编辑证书: name, template, numbering prefix, validity and the exams whose pass issues it. */
export function DefinitionEditor(props: { open: boolean; editing: CertDefinitionView | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const platform = useIsPlatform();
  const [company, setCompany] = useState('');
  const forCompany = props.editing?.companySysCode ?? company;
  const exams = useCall(
    examsApi.examGetPageList,
    { keyword: '', companySysCode: forCompany, pageIndex: 1, pageRows: 500 },
    { enabled: props.open && (!platform || Boolean(forCompany)) },
  );
  const projects = useCall(
    projectsApi.getPageList,
    { keyword: '', companySysCode: forCompany, pageIndex: 1, pageRows: 500 },
    { enabled: props.open && (!platform || Boolean(forCompany)) },
  );
  useEffect(() => {
    if (!props.open) return;
    const e = props.editing;
    form.resetFields();
    setCompany(e?.companySysCode ?? '');
    form.setFieldsValue(
      e
        ? {
            name: e.name,
            template: e.template,
            prefix: e.prefix,
            validityMonths: e.validityMonths,
            enabled: e.enabled,
            rules: e.rules.map((r) => ({ kind: r.kind, refCode: r.refCode, minScore: r.minScore })),
          }
        : { template: 'classic', validityMonths: 0, enabled: true, rules: [] },
    );
  }, [props.open, props.editing, form]);
  const save = useAppMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      return call(certAdminApi.saveCertDefinition, {
        id: props.editing?.id,
        companySysCode: v.companySysCode ?? '',
        name: v.name,
        template: v.template as (typeof CERT_TEMPLATES)[number],
        prefix: v.prefix,
        validityMonths: v.validityMonths ?? 0,
        enabled: v.enabled,
        rules: (v.rules ?? []).map((r) => ({
          kind: r.kind,
          refCode: r.refCode,
          minScore: r.kind === 'exam' ? (r.minScore ?? null) : null,
        })),
      });
    },
    success: '保存成功',
    invalidate: ['certificates'],
    onSuccess: props.onClose,
  });
  const options: Record<CertRuleKind, { value: string; label: string }[]> = {
    exam: (exams.data?.models ?? []).map((x) => ({ value: x.examCode, label: x.examName })),
    project: (projects.data?.models ?? []).map((x) => ({ value: x.projectCode, label: x.projectName })),
  };
  const rules = Form.useWatch('rules', form) as Values['rules'] | undefined;
  return (
    <Modal
      open={props.open}
      title={props.editing ? '编辑证书' : '新增证书'}
      onCancel={props.onClose}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="cert-definition-form">
        {platform && !props.editing && (
          <Form.Item name="companySysCode" label="所属公司" rules={[{ required: true, message: '请选择公司' }]}>
            <CompanySelect onChange={(v) => setCompany(v ?? '')} placeholder="请选择公司" />
          </Form.Item>
        )}
        <Form.Item name="name" label="证书名称" rules={[{ required: true, whitespace: true, message: CertMsg.nameRequired }]}>
          <Input maxLength={CertLimits.nameMax} placeholder="如：安全生产管理人员证" data-testid="cert-name" />
        </Form.Item>
        <Form.Item name="template" label="证书模板">
          <Select options={CERT_TEMPLATES.map((t) => ({ value: t, label: CERT_TEMPLATE_LABELS[t] }))} />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item
            name="prefix"
            label="编号前缀"
            normalize={(v: string) => v?.toUpperCase()}
            rules={[{ required: true, pattern: CERT_PREFIX_PATTERN, message: CertMsg.prefixInvalid }]}
            extra="编号 = 前缀 + 年份 + 6 位序号，如 AQ2026000001"
          >
            <Input maxLength={CertLimits.prefixMax} style={{ width: 160 }} data-testid="cert-prefix" />
          </Form.Item>
          <Form.Item name="validityMonths" label="有效期（月）" extra="0 表示长期有效">
            <InputNumber min={0} max={CertLimits.validityMonthsMax} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Typography.Text strong>发放规则：满足以下任一条件即自动发放（通过考试可设最低分）</Typography.Text>
        <Form.List name="rules">
          {(fields, { add, remove }) => (
            <div style={{ marginTop: 8 }}>
              {fields.map((f) => {
                const kind = rules?.[f.name]?.kind ?? 'exam';
                return (
                  <Space key={f.key} align="baseline" wrap>
                    <Form.Item name={[f.name, 'kind']} initialValue="exam">
                      <Select
                        style={{ width: 140 }}
                        options={CERT_RULE_KINDS.map((k) => ({ value: k, label: CERT_RULE_KIND_LABELS[k] }))}
                        onChange={() => form.setFieldValue(['rules', f.name, 'refCode'], undefined)}
                        data-testid="cert-rule-kind"
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'refCode']} rules={[{ required: true, message: CertMsg.ruleExamRequired }]}>
                      <Select
                        showSearch
                        optionFilterProp="label"
                        options={options[kind]}
                        placeholder={kind === 'exam' ? '选择考试' : '选择培训项目'}
                        style={{ width: 260 }}
                        data-testid="cert-rule-ref"
                      />
                    </Form.Item>
                    {kind === 'exam' && (
                      <Form.Item name={[f.name, 'minScore']}>
                        <InputNumber min={0} max={10000} placeholder="最低分（可选）" style={{ width: 150 }} />
                      </Form.Item>
                    )}
                    <MinusCircleOutlined onClick={() => remove(f.name)} aria-label="删除规则" />
                  </Space>
                );
              })}
              {fields.length < CertLimits.rulesMax && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ kind: 'exam' })} data-testid="cert-rule-add">
                  添加发放规则
                </Button>
              )}
            </div>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
