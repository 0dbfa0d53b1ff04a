import {
  AuditStatus,
  portalApi,
  RECOMMEND_LABELS,
  RES_TYPE_LABELS,
  RES_WATERMARK_LABELS,
  type ResDirNode,
  resContentChanged,
  TrainResLimits,
  TrainResMsg,
  trainResApi,
} from '@xuetu/contract';
import { Alert, App, Form, Input, InputNumber, Modal, Select, Spin, Switch, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../api/client';
import { useCall } from '../../../api/hooks';
import { useAppMutation } from '../../../app/useAppMutation';
import { ImageCropUpload } from '../../../components/ImageCropUpload';
import { LazyRichText } from '../../../components/LazyRichText';
import type { DirDialogProps } from '../TreeTablePage';
import { useConfirmDiscard } from '../useConfirmDiscard';
import { defaultLessonTitle, type LessonDraft, LessonList, lessonsProblem, newLessonKey } from './LessonList';
import { MediaUploader } from './MediaUploader';

const takesLessons = (resType: number) => resType === 1 || resType === 2;
const oneEmptyLesson = (): LessonDraft[] => [{ key: newLessonKey(), title: defaultLessonTitle(1), mediaId: '' }];

type TreeOpt = { value: string; title: string; key: string; children: TreeOpt[] };
export const dirOptions = (nodes: ResDirNode[]): TreeOpt[] =>
  nodes.map((n) => ({ value: n.dCode, key: n.dCode, title: n.dName, children: dirOptions(n.children) }));

interface Values {
  resName: string;
  resType: number;
  dCode: string;
  lecturerCode?: string;
  cover?: string;
  introduce?: string;
  content?: string;
  mediaId?: string;
  creditHours?: number;
  /** a document's reading time, minutes (sent as `duration` in seconds) */
  readMinutes?: number;
  isPrivate?: boolean;
  /** the study page's watermark: 0 follow the company, 1 always, 2 never (ADR 0058) */
  watermark?: number;
  recommendCate?: number;
}

/** 资源编辑: name, kind, directory, lecturer, cover, introduction, the file (tus uploader) or rich text. */
export function ResEditor({
  open,
  resCode,
  tree,
  defaultDir,
  company,
  onClose,
  onSaved,
}: DirDialogProps<ResDirNode> & { resCode: string | null; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const resType = Form.useWatch('resType', form) ?? 1;
  const mediaId = Form.useWatch('mediaId', form) ?? '';
  const cover = Form.useWatch('cover', form);
  const [lessons, setLessons] = useState<LessonDraft[]>(oneEmptyLesson);
  // anything the administrator typed, picked or uploaded since the dialog opened
  const [dirty, setDirty] = useState(false);
  const values = Form.useWatch((v: Values) => v, form);
  const current = useCall(trainResApi.getTrainRes, { rescode: resCode ?? '' }, { enabled: open && Boolean(resCode) });
  const lecturers = useCall(portalApi.getFPLecturerInfoList, {}, { enabled: open });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setLessons(oneEmptyLesson());
    setDirty(false);
    if (!resCode)
      form.setFieldsValue({ resType: 1, dCode: defaultDir || undefined, creditHours: 1, recommendCate: 0, isPrivate: false, watermark: 0 });
  }, [open, resCode, defaultDir, form]);
  useEffect(() => {
    const r = current.data;
    if (open && r)
      form.setFieldsValue({
        ...r,
        isPrivate: r.isPrivate === 1,
        lecturerCode: r.lecturerCode || undefined,
        readMinutes: r.resType === 3 ? Math.round(r.duration / 60) : 0,
      });
    if (open && r?.lessons.length) setLessons(r.lessons.map((l) => ({ key: newLessonKey(), title: l.title, mediaId: l.mediaId })));
  }, [open, current.data, form]);

  const save = useAppMutation({
    mutationFn: ({ readMinutes, ...v }: Values) => {
      // video / audio: the lessons in order (a list of one is the single media, ADR 0022)
      const list = takesLessons(v.resType) ? lessons.map((l) => ({ title: l.title.trim() || v.resName, mediaId: l.mediaId })) : undefined;
      const body = {
        ...v,
        ...(list ? { lessons: list, mediaId: list[0]?.mediaId ?? '' } : {}),
        duration: v.resType === 3 ? Math.round((readMinutes ?? 0) * 60) : 0,
        isPrivate: v.isPrivate ? 1 : 0,
        lecturerCode: v.lecturerCode ?? '',
        companySysCode: company,
        resCode: resCode ?? '',
      };
      return resCode ? call(trainResApi.updateData, body) : call(trainResApi.addData, body);
    },
    onSuccess: () => {
      message.success('保存成功');
      onSaved();
    },
  });

  const close = useConfirmDiscard(() => dirty, onClose);
  const editLessons = (next: LessonDraft[]) => {
    setLessons(next);
    setDirty(true);
  };
  // the warning shows once a change would send the approved resource back to audit: the server's rule
  // (only after an edit: while the form is still being filled in from the stored resource, its
  // half-filled values would differ and flash the warning on opening)
  const stored = current.data;
  const reaudit =
    dirty &&
    stored?.auditStatus === AuditStatus.Approved &&
    values !== undefined &&
    resContentChanged(stored, {
      ...values,
      resName: values.resName ?? '',
      dCode: values.dCode ?? '',
      resType: values.resType ?? stored.resType,
      lecturerCode: values.lecturerCode ?? '',
      duration: values.resType === 3 ? Math.round((values.readMinutes ?? 0) * 60) : 0,
      lessons: takesLessons(values.resType ?? stored.resType) ? lessons : [],
    });

  return (
    <Modal
      open={open}
      title={resCode ? '编辑资源' : '新增资源'}
      width={880}
      maskClosable={false}
      destroyOnHidden
      okText="保存"
      confirmLoading={save.isPending}
      onOk={() =>
        // the form shows what is wrong
        void form.validateFields().then(
          (v) => {
            const problem = takesLessons(v.resType) ? lessonsProblem(lessons) : '';
            if (problem) message.warning(problem);
            else save.mutate(v);
          },
          () => undefined,
        )
      }
      onCancel={close}
    >
      <Spin spinning={Boolean(resCode) && current.isLoading}>
        {reaudit && (
          <Alert
            data-testid="reaudit-warning"
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="该资源已审核通过：本次修改了学习内容，保存后需重新提交审核，审核通过前学员仍看到当前已通过的版本（只改推荐或可见范围无需重新审核）。"
          />
        )}
        <Form form={form} layout="vertical" data-testid="res-editor" onValuesChange={() => setDirty(true)}>
          <Form.Item name="resName" label="资源名称" rules={[{ required: true, whitespace: true, message: TrainResMsg.resNameRequired }]}>
            <Input maxLength={TrainResLimits.nameMax} showCount />
          </Form.Item>
          <Form.Item name="resType" label="资源类型" rules={[{ required: true, message: TrainResMsg.resTypeInvalid }]}>
            <Select
              options={[1, 2, 3, 4].map((v) => ({ value: v, label: RES_TYPE_LABELS[v] }))}
              onChange={() => {
                form.setFieldValue('mediaId', '');
                editLessons(oneEmptyLesson());
              }}
            />
          </Form.Item>
          <Form.Item name="dCode" label="资源目录" rules={[{ required: true, message: TrainResMsg.dirRequired }]}>
            <TreeSelect treeDefaultExpandAll treeData={dirOptions(tree)} placeholder="选择目录" />
          </Form.Item>
          <Form.Item name="lecturerCode" label="讲师">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder="选择讲师"
              options={(lecturers.data ?? []).map((l) => ({ value: l.lecturerCode, label: l.lecturerName }))}
            />
          </Form.Item>
          <Form.Item name="cover" label="封面" hidden>
            <Input />
          </Form.Item>
          <Form.Item label="封面">
            <ImageCropUpload
              label="上传封面"
              value={cover}
              width={320}
              height={180}
              onChange={(img) => {
                form.setFieldValue('cover', img.url);
                setDirty(true);
              }}
            />
          </Form.Item>
          {takesLessons(resType) ? (
            <Form.Item
              label="课时"
              required
              extra="可上传多个课时组成一门课程；只有一个课时即为单个视频或音频。文件转码期间即可保存，全部处理完成后才能提交审核"
            >
              <LessonList resType={resType} value={lessons} onChange={editLessons} />
            </Form.Item>
          ) : resType !== 4 ? (
            <>
              <Form.Item name="mediaId" hidden>
                <Input />
              </Form.Item>
              <Form.Item label={`${RES_TYPE_LABELS[resType]}文件`} required>
                <MediaUploader
                  resType={resType}
                  mediaId={mediaId}
                  onChange={(id) => {
                    form.setFieldValue('mediaId', id);
                    setDirty(true);
                  }}
                />
              </Form.Item>
            </>
          ) : (
            <Form.Item name="content" label="图文内容">
              <LazyRichText minHeight={200} />
            </Form.Item>
          )}
          <Form.Item name="introduce" label="资源介绍">
            <LazyRichText minHeight={140} />
          </Form.Item>
          {resType === 3 && (
            <Form.Item name="readMinutes" label="阅读时长（分钟）" extra="学员阅读满该时长的 90% 方可完成；填 0 表示打开即可完成">
              <InputNumber min={0} max={1440} precision={0} />
            </Form.Item>
          )}
          <Form.Item name="creditHours" label="学时">
            <InputNumber min={0} max={1000} step={0.5} />
          </Form.Item>
          <Form.Item name="recommendCate" label="推荐">
            <Select style={{ width: 160 }} options={[0, 1, 2, 3].map((v) => ({ value: v, label: RECOMMEND_LABELS[v] }))} />
          </Form.Item>
          <Form.Item name="isPrivate" label="仅本公司可见" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="watermark" label="动态水印" extra="学习页视频和文档上的学员姓名、手机号后四位和时间">
            <Select
              style={{ width: 160 }}
              aria-label="动态水印"
              data-testid="res-watermark"
              options={[0, 1, 2].map((v) => ({ value: v, label: RES_WATERMARK_LABELS[v] }))}
            />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
