import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { examsApi, Perm, ProjectLimits, ProjectStatus, projectsApi, REACH_RULE_LABELS, SPEED_CHOICES } from '@xuetu/contract';
import { Alert, Button, Checkbox, DatePicker, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { call } from '../../../api/client';
import { useCall } from '../../../api/hooks';
import { useAppMutation } from '../../../app/useAppMutation';
import { useCan } from '../../../components/Can';
import { ImageCropUpload } from '../../../components/ImageCropUpload';
import { EditorDrawer, type EditorProps, useEditorRecord } from '../EditorDrawer';
import { RequiredText } from '../formParts';
import { useParticipantsField } from '../ParticipantsField';
import { NO_PICKS, pickIds } from '../participants';
import { type EditorValues, editorValues, type PickedRes, saveBody } from './logic';
import { ResourcePicker } from './ResourcePicker';

/** 新增/编辑培训项目: period, required hours, achievement rule, study settings, plans, exams, courses, participants. */
export function ProjectEditor(props: EditorProps & { projectCode: string | null }) {
  const [form] = Form.useForm<EditorValues>();
  const cover = Form.useWatch('cover', form);
  const [courses, setCourses] = useState<PickedRes[]>([]);
  // the courses and participants the editor was filled with: closing over others asks first
  const stored = useRef('');
  const can = useCan();
  const { existing, loading } = useEditorRecord({
    open: props.open,
    code: props.projectCode,
    endpoint: projectsApi.getDetail,
    input: (projectCode) => ({ projectCode }),
    // runs in an effect, after `participants` (which needs the record's company) is made below
    fill: (d) => {
      form.setFieldsValue(
        d
          ? editorValues(d, (s) => dayjs(s))
          : {
              projectName: '',
              introduce: '',
              cover: '',
              period: [dayjs().startOf('day'), dayjs().startOf('day').add(30, 'day')],
              checkHrs: 2,
              reachRule: 1,
              allowedSpeeds: [1, 1.25, 1.5],
              allowSeekAhead: false,
              openJoin: false,
              isThreeSafety: false,
              plans: [],
              examCodes: [],
            },
      );
      participants.setPicks(d?.participants ?? NO_PICKS);
      setCourses(d?.resources.map((r) => ({ resCode: r.resCode, resName: r.resName })) ?? []);
      stored.current = JSON.stringify([d?.resources.map((r) => r.resCode) ?? [], pickIds(d?.participants ?? NO_PICKS)]);
    },
  });
  const company = existing.data?.companySysCode ?? props.company;
  const participants = useParticipantsField({
    company,
    testIdPrefix: 'project',
    hint: '尚未选择；部门包含其下级部门。发布时参训人员会收到培训通知',
    tabs: ['user', 'org', 'post'],
  });
  const exams = useCall(
    examsApi.examGetPageList,
    { keyword: '', companySysCode: company, pageIndex: 1, pageRows: 200 },
    // linking exams needs the exam list right
    { enabled: props.open && can(Perm.ExamList) },
  );

  const save = useAppMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      // one call, one transaction: the project, its courses and its participants
      return call(projectsApi.saveData, {
        ...saveBody(v, props.projectCode, props.company),
        resCodes: courses.map((c) => c.resCode),
        participants: pickIds(participants.picks),
      });
    },
    success: '保存成功',
    onSuccess: () => props.onSaved(),
  });

  return (
    <EditorDrawer
      open={props.open}
      title={props.projectCode ? '编辑培训项目' : '新增培训项目'}
      width={Math.min(820, window.innerWidth)}
      onClose={props.onClose}
      isDirty={() =>
        form.isFieldsTouched() ||
        (stored.current !== '' && JSON.stringify([courses.map((c) => c.resCode), pickIds(participants.picks)]) !== stored.current)
      }
      loading={loading}
      saving={save.isPending}
      onSave={() => save.mutate()}
      saveTestId="project-save"
      dialogs={participants.dialog}
    >
      <Form form={form} layout="vertical" data-testid="project-editor">
        {existing.data?.status === ProjectStatus.Published && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message="项目已发布：保存后新增的参训人员会立即收到培训通知。" />
        )}
        <RequiredText name="projectName" label="项目名称" max={ProjectLimits.nameMax} testId="project-name" />
        <Form.Item name="introduce" label="项目简介">
          <Input.TextArea rows={3} maxLength={ProjectLimits.introMax} />
        </Form.Item>
        <Form.Item name="cover" hidden>
          <Input />
        </Form.Item>
        <Form.Item label="封面（可选）">
          <ImageCropUpload
            label="上传封面"
            value={cover || undefined}
            width={320}
            height={180}
            onChange={(img) => form.setFieldValue('cover', img.url)}
          />
        </Form.Item>
        <Space size="large" wrap align="start">
          <Form.Item name="period" label="项目周期" rules={[{ required: true, message: '请设置项目开始和结束日期' }]}>
            <DatePicker.RangePicker format="YYYY-MM-DD" data-testid="project-period" />
          </Form.Item>
          <Form.Item name="checkHrs" label="考核学时（小时）" rules={[{ required: true, message: '请输入考核学时' }]}>
            <InputNumber min={0} max={10000} step={0.5} data-testid="project-checkhrs" />
          </Form.Item>
          <Form.Item name="reachRule" label="达标规则">
            <Select style={{ width: 200 }} options={Object.entries(REACH_RULE_LABELS).map(([v, l]) => ({ value: Number(v), label: l }))} />
          </Form.Item>
        </Space>
        <Form.Item
          name="allowedSpeeds"
          label="允许的播放倍速"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少允许一种播放倍速' }]}
        >
          <Checkbox.Group options={SPEED_CHOICES.map((s) => ({ value: s, label: `${s}x` }))} />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item name="allowSeekAhead" label="允许拖动到未学习的位置" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="openJoin" label="本公司学员均可加入" valuePropName="checked">
            <Switch data-testid="project-openjoin" />
          </Form.Item>
          <Form.Item name="isThreeSafety" label="安全培训（三类人员）项目" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.Item label="培训批次（可选）">
          <Form.List name="plans">
            {(fields, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" wrap>
                    <Form.Item name={[f.name, 'planCode']} hidden>
                      <Input />
                    </Form.Item>
                    <Form.Item name={[f.name, 'planName']} rules={[{ required: true, whitespace: true, message: '请输入培训批次名称' }]}>
                      <Input placeholder="批次名称" maxLength={ProjectLimits.nameMax} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'window']}>
                      <DatePicker.RangePicker format="YYYY-MM-DD" placeholder={['开始（默认项目开始）', '结束（默认项目结束）']} />
                    </Form.Item>
                    <MinusCircleOutlined aria-label="删除批次" onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ planName: '', window: null })}>
                  添加批次
                </Button>
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="examCodes" label="关联考试（可选）">
          <Select
            mode="multiple"
            optionFilterProp="label"
            placeholder="选择本公司的考试"
            options={(exams.data?.models ?? []).map((e) => ({ value: e.examCode, label: e.examName }))}
          />
        </Form.Item>
        <Form.Item label="项目课程" required>
          <ResourcePicker company={company} value={courses} onChange={setCourses} />
        </Form.Item>
        <Form.Item label="参训人员">{participants.field}</Form.Item>
      </Form>
    </EditorDrawer>
  );
}
