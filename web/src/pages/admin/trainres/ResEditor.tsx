import { useMutation, useQuery } from '@tanstack/react-query';
import { RECOMMEND_LABELS, RES_TYPE_LABELS, type ResDirNode, TrainResMsg } from '@xuetu/contract';
import { Alert, App, Form, Input, InputNumber, Modal, Select, Spin, Switch, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { getLecturers } from '../../../api/portal';
import { addRes, getRes, updateRes } from '../../../api/trainres';
import { ImageCropUpload } from '../../../components/ImageCropUpload';
import { LazyRichText } from '../../../components/LazyRichText';
import { MediaUploader } from './MediaUploader';

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
  isPrivate?: boolean;
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
}: {
  open: boolean;
  resCode: string | null;
  tree: ResDirNode[];
  defaultDir: string;
  company: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const resType = Form.useWatch('resType', form) ?? 1;
  const mediaId = Form.useWatch('mediaId', form) ?? '';
  const cover = Form.useWatch('cover', form);
  const current = useQuery({
    queryKey: ['trainres', 'res', resCode],
    queryFn: () => getRes(resCode ?? ''),
    enabled: open && Boolean(resCode),
  });
  const lecturers = useQuery({ queryKey: ['portal', 'lecturers'], queryFn: getLecturers, enabled: open });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!resCode) form.setFieldsValue({ resType: 1, dCode: defaultDir || undefined, creditHours: 1, recommendCate: 0, isPrivate: false });
  }, [open, resCode, defaultDir, form]);
  useEffect(() => {
    const r = current.data;
    if (open && r) form.setFieldsValue({ ...r, isPrivate: r.isPrivate === 1, lecturerCode: r.lecturerCode || undefined });
  }, [open, current.data, form]);

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = {
        ...v,
        isPrivate: v.isPrivate ? 1 : 0,
        lecturerCode: v.lecturerCode ?? '',
        companySysCode: company,
        resCode: resCode ?? '',
      };
      return resCode ? updateRes(body) : addRes(body);
    },
    onSuccess: () => {
      message.success('保存成功');
      onSaved();
    },
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
      onOk={() => void form.validateFields().then((v) => save.mutate(v))}
      onCancel={onClose}
    >
      <Spin spinning={Boolean(resCode) && current.isLoading}>
        {current.data?.auditStatus === 20 && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="该资源已审核通过：保存后需重新提交审核，审核通过前学员仍看到当前已通过的版本。"
          />
        )}
        <Form form={form} layout="vertical" data-testid="res-editor">
          <Form.Item name="resName" label="资源名称" rules={[{ required: true, whitespace: true, message: TrainResMsg.resNameRequired }]}>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Form.Item name="resType" label="资源类型" rules={[{ required: true, message: TrainResMsg.resTypeInvalid }]}>
            <Select
              options={[1, 2, 3, 4].map((v) => ({ value: v, label: RES_TYPE_LABELS[v] }))}
              onChange={() => form.setFieldValue('mediaId', '')}
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
            <ImageCropUpload value={cover} width={320} height={180} onChange={(img) => form.setFieldValue('cover', img.url)} />
          </Form.Item>
          {resType !== 4 ? (
            <>
              <Form.Item name="mediaId" hidden>
                <Input />
              </Form.Item>
              <Form.Item label={`${RES_TYPE_LABELS[resType]}文件`} required>
                <MediaUploader resType={resType} mediaId={mediaId} onChange={(id) => form.setFieldValue('mediaId', id)} />
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
          <Form.Item name="creditHours" label="学时">
            <InputNumber min={0} max={1000} step={0.5} />
          </Form.Item>
          <Form.Item name="recommendCate" label="推荐">
            <Select style={{ width: 160 }} options={[0, 1, 2, 3].map((v) => ({ value: v, label: RECOMMEND_LABELS[v] }))} />
          </Form.Item>
          <Form.Item name="isPrivate" label="仅本公司可见" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
