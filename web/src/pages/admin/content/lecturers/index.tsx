import { ContentLimits, contentApi, type LecturerAdminItem, Perm, ShowStatus } from '@xuetu/contract';
import { Avatar, Form, Input, Tag } from 'antd';
import { call } from '../../../../api/client';
import { RequiredText } from '../../formParts';
import { CrudTable } from '../components/CrudTable';
import { SortStatusFields, sortStatusColumns } from '../components/sortStatus';
import { FileListUpload, ImageUpload, type UploadedFile } from '../components/uploads';

interface LecturerForm {
  lecturerName: string;
  lecturerTag: string;
  briefIntroduce: string;
  faceUrl: string;
  profilesDetail: string;
  videos: UploadedFile[];
  sortOrder: number;
  status: boolean;
}

/** Lecturers: face image, tag, introduction, profile, intro videos. */
export default function LecturerAdminPage() {
  return (
    <CrudTable<LecturerAdminItem, LecturerForm>
      testId="lecturer-admin"
      list={contentApi.getLecturerDataList}
      listInput={{}}
      rowKey="lecturerCode"
      editAction={Perm.LecturerEdit}
      addLabel="新增讲师"
      width={720}
      title={(r) => (r ? '编辑讲师' : '新增讲师')}
      columns={[
        {
          title: '头像',
          dataIndex: 'faceUrl',
          width: 80,
          render: (u: string, l) => (
            <Avatar src={u} alt={l.lecturerName}>
              {l.lecturerName.slice(0, 1)}
            </Avatar>
          ),
        },
        { title: '姓名', dataIndex: 'lecturerName', width: 120 },
        { title: '标签', dataIndex: 'lecturerTag', width: 120, render: (t: string) => (t ? <Tag color="blue">{t}</Tag> : '-') },
        { title: '简介', dataIndex: 'briefIntroduce', ellipsis: true },
        { title: '视频', key: 'v', width: 80, render: (_: unknown, l) => l.videos.length },
        ...sortStatusColumns,
      ]}
      toForm={(l) => ({
        lecturerName: l?.lecturerName ?? '',
        lecturerTag: l?.lecturerTag ?? '',
        briefIntroduce: l?.briefIntroduce ?? '',
        faceUrl: l?.faceKey ?? '',
        profilesDetail: l?.profilesDetail ?? '',
        videos: (l?.videos ?? []).map((v) => ({ key: v.key, url: v.url, name: v.name, size: 0 })),
        sortOrder: l?.sortOrder ?? 0,
        status: (l?.status ?? ShowStatus.Shown) === ShowStatus.Shown,
      })}
      save={(v, l) =>
        call(contentApi.saveLecturerData, {
          ...v,
          lecturerCode: l?.lecturerCode,
          videos: v.videos.map((f) => ({ name: f.name.replace(/\.[a-z0-9]+$/i, ''), key: f.key })),
          status: v.status ? ShowStatus.Shown : ShowStatus.Hidden,
        })
      }
      remove={(l) => call(contentApi.delLecturerData, { lecturerCode: l.lecturerCode })}
      fields={() => (
        <>
          <RequiredText name="lecturerName" label="讲师姓名" max={ContentLimits.nameMax} />
          <Form.Item name="lecturerTag" label="标签">
            <Input maxLength={ContentLimits.nameMax} />
          </Form.Item>
          <Form.Item name="faceUrl" label="头像">
            <ImageUpload />
          </Form.Item>
          <Form.Item name="briefIntroduce" label="简介">
            <Input.TextArea maxLength={ContentLimits.descMax} autoSize={{ minRows: 2 }} />
          </Form.Item>
          <Form.Item name="profilesDetail" label="详细介绍">
            <Input.TextArea maxLength={ContentLimits.detailMax} autoSize={{ minRows: 4 }} />
          </Form.Item>
          <Form.Item name="videos" label="介绍视频">
            <FileListUpload kind="video" max={5} accept="video/mp4,video/webm,video/quicktime" />
          </Form.Item>
          <SortStatusFields />
        </>
      )}
    />
  );
}
