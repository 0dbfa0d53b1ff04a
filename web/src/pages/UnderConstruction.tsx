import { ToolOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { usePageMeta } from '../app/pageMeta';

/** Shared placeholder for menu pages not built yet: shows the menu name. */
export default function UnderConstruction() {
  const { title } = usePageMeta();
  const navigate = useNavigate();
  return (
    <Result
      data-testid="under-construction"
      icon={<ToolOutlined style={{ color: 'var(--xt-primary)' }} />}
      title={title || '页面'}
      subTitle="该功能正在建设中，敬请期待。"
      extra={
        <Button type="primary" onClick={() => navigate('/dashboard')}>
          返回首页
        </Button>
      }
    />
  );
}
