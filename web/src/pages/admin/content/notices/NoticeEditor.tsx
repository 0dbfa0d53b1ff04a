import { ContentLimits, NOTICE_CHANNEL_LABELS, type NoticeSaveInput, noticesApi, Perm } from '@xuetu/contract';
import { Button, DatePicker, Drawer, Form, Input, InputNumber, Select, Skeleton, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { call } from '../../../../api/client';
import { useCall } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { Can } from '../../../../components/Can';
import { LazyRichText } from '../../../../components/LazyRichText';
import { ChoiceItem } from '../../formParts';
import { useConfirmDiscard } from '../../useConfirmDiscard';
import { useCompanyOptions, useIsPlatformStaff } from '../companies';
import { FileListUpload, ImageUpload, type UploadedFile, uploadContentFile } from '../components/uploads';

interface FormValues {
  noticeTitle: string;
  noticeSecondTitle: string;
  noticeDesc: string;
  noticeValue: string;
  noticeType: 1 | 2;
  noticeUrl: string;
  noticeChannel: 1 | 2 | 3;
  pcCoverUrl: string;
  companySysCode: string;
  releaseTime: Dayjs | null;
  sortOrder: number;
  enclosures: UploadedFile[];
}

const EMPTY: FormValues = {
  noticeTitle: '',
  noticeSecondTitle: '',
  noticeDesc: '',
  noticeValue: '',
  noticeType: 1,
  noticeUrl: '',
  noticeChannel: 1,
  pcCoverUrl: '',
  companySysCode: '',
  releaseTime: null,
  sortOrder: 0,
  enclosures: [],
};

const NOTICE_TYPE_OPTIONS = [
  { value: 1, label: '站内公告' },
  { value: 2, label: '外部链接' },
];

/** Create / edit a notice in a drawer: rich text, cover, attachments, company scope, release time. */
export function NoticeEditor({
  code,
  open,
  onClose,
  onSaved,
}: {
  code: string | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const staff = useIsPlatformStaff();
  const companies = useCompanyOptions(staff && open);
  const editing = useCall(
    noticesApi.getNoticeEditData,
    { noticeSysCode: code ?? '' },
    {
      enabled: open && !!code,
      gcTime: 0,
    },
  );
  const type = Form.useWatch('noticeType', form);
  useEffect(() => {
    if (!open) return;
    if (!code) form.setFieldsValue(EMPTY);
    else if (editing.data) {
      const n = editing.data;
      form.setFieldsValue({
        noticeTitle: n.noticeTitle,
        noticeSecondTitle: n.noticeSecondTitle,
        noticeDesc: n.noticeDesc,
        noticeValue: n.noticeValue,
        noticeType: n.noticeType as 1 | 2,
        noticeUrl: n.noticeUrl,
        noticeChannel: n.noticeChannel as 1 | 2 | 3,
        pcCoverUrl: n.pcCoverKey,
        companySysCode: n.companySysCode,
        releaseTime: n.releaseTime && !n.releaseTime.startsWith('1900') ? dayjs(n.releaseTime) : null,
        sortOrder: n.sortOrder,
        enclosures: n.enclosure.map((e) => ({ key: e.fileKey, url: e.enclosurloadUrl, name: e.enclosureName, size: e.size })),
      });
    }
  }, [open, code, editing.data, form]);

  const save = useAppMutation({
    mutationFn: async (publish: boolean) => {
      const v = await form.validateFields();
      const body: NoticeSaveInput = {
        noticeSysCode: code ?? undefined,
        noticeTitle: v.noticeTitle,
        noticeSecondTitle: v.noticeSecondTitle ?? '',
        noticeDesc: v.noticeDesc ?? '',
        noticeValue: v.noticeValue ?? '',
        noticeType: v.noticeType,
        noticeUrl: v.noticeType === 2 ? (v.noticeUrl ?? '') : '',
        noticeChannel: v.noticeChannel,
        pcCoverUrl: v.pcCoverUrl ?? '',
        companySysCode: staff ? v.companySysCode || null : null,
        releaseTime: v.releaseTime ? v.releaseTime.format('YYYY-MM-DD HH:mm:ss') : '',
        sortOrder: v.sortOrder ?? 0,
        enclosures: (v.enclosures ?? []).map((e) => ({ enclosureName: e.name, fileKey: e.key, size: e.size })),
        publish,
      };
      return code ? call(noticesApi.updateNotice, body) : call(noticesApi.addNotice, body);
    },
    success: '保存成功',
    onSuccess: () => onSaved(),
  });
  const close = useConfirmDiscard(() => form.isFieldsTouched(), onClose);

  return (
    <Drawer
      title={code ? '编辑公告' : '新增公告'}
      open={open}
      onClose={close}
      size="large"
      width={Math.min(960, typeof window === 'undefined' ? 960 : window.innerWidth)}
      destroyOnHidden
      data-testid="notice-editor"
      extra={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button
            loading={save.isPending && !save.variables}
            disabled={save.isPending && save.variables}
            onClick={() => save.mutate(false)}
            data-testid="notice-save"
          >
            保存
          </Button>
          <Can action={Perm.NoticePublish}>
            <Button
              type="primary"
              loading={save.isPending && save.variables}
              disabled={save.isPending && !save.variables}
              onClick={() => save.mutate(true)}
              data-testid="notice-save-publish"
            >
              保存并发布
            </Button>
          </Can>
        </Space>
      }
    >
      {code && editing.isLoading ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" initialValues={EMPTY}>
          <Form.Item
            name="noticeTitle"
            label="公告标题"
            rules={[{ required: true, whitespace: true, message: '请输入公告标题' }, { max: ContentLimits.titleMax }]}
          >
            <Input maxLength={ContentLimits.titleMax} showCount data-testid="notice-title" />
          </Form.Item>
          <Form.Item name="noticeSecondTitle" label="副标题（可换行）">
            <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={ContentLimits.secondTitleMax} />
          </Form.Item>
          <Form.Item name="noticeDesc" label="摘要">
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={ContentLimits.descMax} showCount data-testid="notice-desc" />
          </Form.Item>
          <Space wrap size="large">
            <ChoiceItem name="noticeType" label="公告类型" options={NOTICE_TYPE_OPTIONS} />
            <Form.Item name="noticeChannel" label="展示位置">
              <Select
                style={{ width: 160 }}
                options={Object.entries(NOTICE_CHANNEL_LABELS).map(([v, l]) => ({ value: Number(v), label: l }))}
              />
            </Form.Item>
            {staff && (
              <Form.Item name="companySysCode" label="发布范围">
                <Select
                  style={{ width: 220 }}
                  options={[{ value: '', label: '全平台' }, ...(companies.data ?? [])]}
                  data-testid="notice-company"
                />
              </Form.Item>
            )}
            <Form.Item name="releaseTime" label="发布时间" tooltip="留空则在发布时取当前时间">
              <DatePicker showTime format="YYYY-MM-DD HH:mm" />
            </Form.Item>
            <Form.Item name="sortOrder" label="排序">
              <InputNumber min={0} max={99999} />
            </Form.Item>
          </Space>
          {type === 2 && (
            <Form.Item
              name="noticeUrl"
              label="外部链接地址"
              rules={[
                { required: true, message: '请输入外部链接地址' },
                { pattern: /^https?:\/\//i, message: '请输入以 http:// 或 https:// 开头的链接地址' },
              ]}
            >
              <Input placeholder="https://" />
            </Form.Item>
          )}
          <Form.Item name="pcCoverUrl" label="封面 / 轮播图片" extra="首页轮播图片公告使用此图片，建议 1200×400">
            <ImageUpload testId="notice-cover-upload" />
          </Form.Item>
          <Form.Item name="noticeValue" label="正文">
            <LazyRichText onUploadImage={async (file) => (await uploadContentFile(file, 'image')).url} />
          </Form.Item>
          <Form.Item
            name="enclosures"
            label="附件"
            extra={`支持 pdf、Word、Excel、PPT、zip、txt、图片，单个不超过 ${ContentLimits.documentMaxBytes / 1024 / 1024}MB`}
          >
            <FileListUpload kind="document" max={ContentLimits.attachmentsMax} testId="notice-attachments-upload" />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
