import { Spin } from 'antd';

export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  return (
    <div data-testid="page-loading" style={{ display: 'grid', placeItems: 'center', minHeight: fullscreen ? '100vh' : 240 }}>
      <Spin size="large" />
    </div>
  );
}
