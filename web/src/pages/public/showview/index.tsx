import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { NoticeView } from '../components/NoticeView';
import '../components/portal.css';

/** In-app notice viewer inside the layout: /ydnotice/showview?noticeSysCode=… (release time only when published). */
export default function ShowViewPage() {
  const [params] = useSearchParams();
  return (
    <Card variant="borderless" data-testid="showview-page">
      <NoticeView noticeSysCode={params.get('noticeSysCode') ?? ''} inApp />
    </Card>
  );
}
