import { ContentLimits, contentApi, Perm, type RegulationItem, ShowStatus } from '@xuetu/contract';
import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import { call } from '../../../../api/client';
import { REGULATION_ICONS } from '../../../learner/regulations';
import { RequiredText } from '../../formParts';
import { useCompanyOptions, useIsPlatformStaff } from '../companies';
import { CrudTable } from '../components/CrudTable';
import { SortStatusFields, sortStatusColumns } from '../components/sortStatus';
import { FileListUpload, type UploadedFile } from '../components/uploads';

interface DocForm {
  title: string;
  files: UploadedFile[];
  companySysCode: string;
  sortOrder: number;
  status: boolean;
}

/** Regulations documents: downloadable files shown on /regulations/index. */
export default function RegulationAdminPage() {
  const staff = useIsPlatformStaff();
  const companies = useCompanyOptions(staff);
  const [keyword, setKeyword] = useState('');
  return (
    <CrudTable<RegulationItem, DocForm>
      testId="regulation-admin"
      list={contentApi.getRegulationDataList}
      listInput={{ keyword }}
      rowKey="docCode"
      editAction={Perm.RegulationEdit}
      addLabel="新增文件"
      toolbar={<Input.Search allowClear placeholder="文件名称" onSearch={(v) => setKeyword(v.trim())} style={{ width: 220 }} />}
      title={(r) => (r ? '编辑文件' : '新增文件')}
      columns={[
        {
          title: '文件',
          dataIndex: 'title',
          render: (t: string, d) => {
            const { icon: Icon, color } = REGULATION_ICONS[d.fileType];
            return (
              <a href={d.fileUrl} download={d.fileName}>
                <Icon style={{ color, marginRight: 6 }} />
                {t}
              </a>
            );
          },
        },
        { title: '文件名', dataIndex: 'fileName', ellipsis: true },
        { title: '范围', dataIndex: 'companyName', width: 160, render: (n: string) => n || '全平台' },
        ...sortStatusColumns,
      ]}
      toForm={(d) => ({
        title: d?.title ?? '',
        files: d ? [{ key: d.fileKey, url: d.fileUrl, name: d.fileName, size: d.size }] : [],
        companySysCode: d?.companySysCode ?? '',
        sortOrder: d?.sortOrder ?? 0,
        status: (d?.status ?? ShowStatus.Shown) === ShowStatus.Shown,
      })}
      save={(v, d) => {
        const file = v.files[0];
        return call(contentApi.saveRegulationData, {
          docCode: d?.docCode,
          title: v.title,
          fileKey: file?.key ?? '',
          fileName: file?.name ?? '',
          size: file?.size ?? 0,
          companySysCode: staff ? v.companySysCode || null : null,
          sortOrder: v.sortOrder,
          status: v.status ? ShowStatus.Shown : ShowStatus.Hidden,
        });
      }}
      remove={(d) => call(contentApi.delRegulationData, { docCode: d.docCode })}
      fields={() => (
        <>
          <RequiredText name="title" label="文件名称" max={ContentLimits.titleMax} />
          <Form.Item name="files" label="文件" rules={[{ required: true, type: 'array', min: 1, message: '请上传文件' }]}>
            <FileListUpload kind="document" max={1} />
          </Form.Item>
          {staff && (
            <Form.Item name="companySysCode" label="范围">
              <Select options={[{ value: '', label: '全平台' }, ...(companies.data ?? [])]} />
            </Form.Item>
          )}
          <SortStatusFields />
        </>
      )}
    />
  );
}
