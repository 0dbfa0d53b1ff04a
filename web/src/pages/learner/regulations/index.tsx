import { DownloadOutlined, FileExcelOutlined, FileOutlined, FilePdfOutlined, FilePptOutlined, FileWordOutlined } from '@ant-design/icons';
import { portalApi, type RegulationFileType } from '@xuetu/contract';
import { Card, Empty, Input, List, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useCall } from '../../../api/hooks';

/** icons by type: pdf, ppt, xls, doc, default */
export const REGULATION_ICONS: Record<RegulationFileType, { icon: typeof FileOutlined; color: string }> = {
  pdf: { icon: FilePdfOutlined, color: '#f56c6c' },
  ppt: { icon: FilePptOutlined, color: '#e6a23c' },
  xls: { icon: FileExcelOutlined, color: '#67c23a' },
  doc: { icon: FileWordOutlined, color: '#409eff' },
  other: { icon: FileOutlined, color: '#909399' },
};

const sizeText = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

/** Regulations and documents: downloadable files with icons by type. */
export default function RegulationsPage() {
  const [keyword, setKeyword] = useState('');
  const q = useCall(portalApi.getguizhangzhidu, { keyword });
  return (
    <Card
      variant="borderless"
      title="规章制度"
      extra={<Input.Search allowClear placeholder="搜索文件名称" onSearch={(v) => setKeyword(v.trim())} style={{ width: 220 }} />}
      data-testid="regulations-page"
    >
      {q.isLoading ? (
        <Skeleton active />
      ) : q.isError ? (
        <Result status="warning" title="加载失败" subTitle="请稍后刷新重试" />
      ) : (
        <List
          dataSource={q.data ?? []}
          locale={{ emptyText: <Empty description="暂无文件" /> }}
          renderItem={(d) => {
            const { icon: Icon, color } = REGULATION_ICONS[d.fileType] ?? REGULATION_ICONS.other;
            return (
              <List.Item
                data-testid="regulation-item"
                actions={[
                  <a key="dl" href={d.fileUrl} download={d.fileName}>
                    <DownloadOutlined /> 下载
                  </a>,
                ]}
              >
                <List.Item.Meta
                  avatar={<Icon style={{ fontSize: 32, color }} data-testid={`icon-${d.fileType}`} />}
                  title={
                    <a href={d.fileUrl} download={d.fileName}>
                      {d.title}
                    </a>
                  }
                  description={`${d.fileName} · ${sizeText(d.size)} · ${d.createTime.slice(0, 10)}`}
                />
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
