import {
  ContentLimits,
  contentApi,
  LINK_TYPE_LABELS,
  LINK_TYPES,
  type LinkItem,
  Perm,
  ShowStatus,
  SITE_OR_HTTP_URL,
} from '@xuetu/contract';
import { Form, Image, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../../../api/client';
import { RequiredText } from '../../formParts';
import { CrudTable } from '../components/CrudTable';
import { SortStatusFields, sortStatusColumns } from '../components/sortStatus';
import { ImageUpload } from '../components/uploads';

interface LinkForm {
  linkName: string;
  linkType: number;
  pcLinkName: string;
  pcLinkUrl: string;
  pcBanner: string;
  pcCoverUrlPath: string;
  sortOrder: number;
  status: boolean;
}
const typeOptions = LINK_TYPES.map((t) => ({ value: t, label: `${t} ${LINK_TYPE_LABELS[t]}` }));

/** Links of types 0–5 (banner, top nav, middle nav, job skills, clubs, public-benefit projects). */
export default function LinkAdminPage() {
  const [type, setType] = useState<number | ''>('');
  return (
    <CrudTable<LinkItem, LinkForm>
      testId="link-admin"
      list={contentApi.getLinkDataList}
      listInput={{ linkType: type }}
      rowKey="linkCode"
      editAction={Perm.LinkEdit}
      addLabel="新增链接"
      toolbar={
        <Select
          aria-label="类型"
          value={type}
          style={{ width: 160 }}
          onChange={setType}
          options={[{ value: '', label: '全部类型' }, ...typeOptions]}
        />
      }
      title={(r) => (r ? '编辑链接' : '新增链接')}
      columns={[
        { title: '名称', dataIndex: 'linkName', width: 200 },
        { title: '类型', dataIndex: 'linkType', width: 120, render: (t: number) => <Tag>{LINK_TYPE_LABELS[t]}</Tag> },
        {
          title: '图片',
          key: 'img',
          width: 120,
          render: (_: unknown, l) =>
            l.pcBanner || l.pcCoverUrlPath ? (
              <Image src={l.pcBanner || l.pcCoverUrlPath} alt={l.linkName} width={96} height={54} style={{ objectFit: 'cover' }} />
            ) : (
              '-'
            ),
        },
        { title: '链接地址', dataIndex: 'pcLinkUrl', ellipsis: true },
        ...sortStatusColumns,
      ]}
      toForm={(l) => ({
        linkName: l?.linkName ?? '',
        linkType: l?.linkType ?? (type === '' ? 1 : type),
        pcLinkName: l?.pcLinkName ?? '',
        pcLinkUrl: l?.pcLinkUrl ?? '',
        pcBanner: l?.pcBannerKey ?? '',
        pcCoverUrlPath: l?.pcCoverKey ?? '',
        sortOrder: l?.sortOrder ?? 0,
        status: (l?.status ?? ShowStatus.Shown) === ShowStatus.Shown,
      })}
      save={(v, l) =>
        call(contentApi.saveLinkData, { ...v, linkCode: l?.linkCode, status: v.status ? ShowStatus.Shown : ShowStatus.Hidden })
      }
      remove={(l) => call(contentApi.delLinkData, { linkCode: l.linkCode })}
      fields={() => (
        <>
          <RequiredText name="linkName" label="链接名称" max={ContentLimits.nameMax} />
          <Form.Item name="linkType" label="类型">
            <Select options={typeOptions} />
          </Form.Item>
          <Form.Item name="pcLinkName" label="显示名称">
            <Input maxLength={ContentLimits.nameMax} />
          </Form.Item>
          <Form.Item
            name="pcLinkUrl"
            label="链接地址"
            rules={[{ pattern: SITE_OR_HTTP_URL, message: '请输入以 http:// 或 https:// 开头的链接地址' }]}
          >
            <Input placeholder="https:// 或站内路径 /infonoticelist" />
          </Form.Item>
          <Form.Item name="pcBanner" label="轮播图（类型 0）">
            <ImageUpload />
          </Form.Item>
          <Form.Item name="pcCoverUrlPath" label="封面图">
            <ImageUpload />
          </Form.Item>
          <SortStatusFields />
        </>
      )}
    />
  );
}
