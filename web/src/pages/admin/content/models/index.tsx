import { ContentLimits, contentApi, type ModelItem, Perm, ShowStatus, SITE_OR_HTTP_URL } from '@xuetu/contract';
import { Form, Image, Input } from 'antd';
import { call } from '../../../../api/client';
import { ChoiceItem, RequiredText } from '../../formParts';
import { CrudTable } from '../components/CrudTable';
import { SortStatusFields, sortStatusColumns } from '../components/sortStatus';
import { ImageUpload } from '../components/uploads';

interface ModelForm {
  modelName: string;
  modelDesc: string;
  clientType: number;
  imageUrl: string;
  linkUrl: string;
  sortOrder: number;
  status: boolean;
}

const CLIENT_OPTIONS = [
  { value: 2, label: 'PC' },
  { value: 1, label: 'App' },
];

/** Display models (GetShowModelInfoDataList; clientType 2 = PC). */
export default function ModelAdminPage() {
  return (
    <CrudTable<ModelItem, ModelForm>
      testId="model-admin"
      list={contentApi.getModelInfoDataList}
      listInput={{ clientType: '' }}
      rowKey="modelCode"
      editAction={Perm.ModelEdit}
      addLabel="新增模块"
      title={(r) => (r ? '编辑展示模块' : '新增展示模块')}
      columns={[
        {
          title: '图片',
          dataIndex: 'imageUrl',
          width: 120,
          render: (u: string, m) => (u ? <Image src={u} alt={m.modelName} width={96} height={54} style={{ objectFit: 'cover' }} /> : '-'),
        },
        { title: '名称', dataIndex: 'modelName', width: 180 },
        { title: '说明', dataIndex: 'modelDesc', ellipsis: true },
        { title: '终端', dataIndex: 'clientType', width: 90, render: (t: number) => (t === 2 ? 'PC' : 'App') },
        { title: '链接', dataIndex: 'linkUrl', ellipsis: true },
        ...sortStatusColumns,
      ]}
      toForm={(m) => ({
        modelName: m?.modelName ?? '',
        modelDesc: m?.modelDesc ?? '',
        clientType: m?.clientType ?? 2,
        imageUrl: m?.imageKey ?? '',
        linkUrl: m?.linkUrl ?? '',
        sortOrder: m?.sortOrder ?? 0,
        status: (m?.status ?? ShowStatus.Shown) === ShowStatus.Shown,
      })}
      save={(v, m) =>
        call(contentApi.saveModelInfoData, { ...v, modelCode: m?.modelCode, status: v.status ? ShowStatus.Shown : ShowStatus.Hidden })
      }
      remove={(m) => call(contentApi.delModelInfoData, { modelCode: m.modelCode })}
      fields={() => (
        <>
          <RequiredText name="modelName" label="模块名称" max={ContentLimits.nameMax} />
          <Form.Item name="modelDesc" label="说明">
            <Input maxLength={ContentLimits.shortTextMax} />
          </Form.Item>
          <ChoiceItem name="clientType" label="终端" options={CLIENT_OPTIONS} />
          <Form.Item name="imageUrl" label="图片">
            <ImageUpload />
          </Form.Item>
          <Form.Item
            name="linkUrl"
            label="链接地址"
            rules={[{ pattern: SITE_OR_HTTP_URL, message: '请输入以 http:// 或 https:// 开头的链接地址' }]}
          >
            <Input placeholder="https:// 或站内路径" />
          </Form.Item>
          <SortStatusFields />
        </>
      )}
    />
  );
}
