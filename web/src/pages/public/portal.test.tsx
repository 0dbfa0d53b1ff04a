import { render, screen, waitFor } from '@testing-library/react';
import type { LinkItem, NoticeDetail, NoticeItem } from '@xuetu/contract';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../test/mockApi';
import { createQueryClient, Providers } from '../../test/providers';
import { formatReleaseTime, NoticeView, showsCover } from './components/NoticeView';
import { buildBanners, DEFAULT_BANNER } from './home/Banners';

const notice = (over: Partial<NoticeDetail> = {}): NoticeDetail => ({
  noticeSysCode: 'N1',
  noticeTitle: '年度培训通知',
  noticeSecondTitle: '第一行\n第二行',
  noticeDesc: '',
  status: 2,
  releaseTime: '2026-03-05 09:30:00',
  releaseYear: '2026',
  releaseMonth: '03',
  releaseDay: '05',
  pv: 12,
  companySysCode: '',
  noticeChannel: 1,
  noticeType: 1,
  noticeUrl: '',
  pcCoverUrl: '/prod-api/files/content/c.png',
  pcLinkUrl: '',
  pcBanner: '/prod-api/files/content/c.png',
  noticeValue: '<p>正文内容</p>',
  enclosure: [
    { nId: 1, enclosureName: '手册.pdf', enclosurloadUrl: '/prod-api/files/content/a.pdf?name=x', fileKey: 'content/a.pdf', size: 10 },
  ],
  ...over,
});

function renderView(ui: React.ReactNode) {
  return render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Providers>,
  );
}

describe('banners', () => {
  const link = { linkCode: 'L1', linkName: '横幅', pcBanner: '/b.png', pcLinkUrl: '/infonoticelist' } as LinkItem;
  const image = { noticeSysCode: 'N9', noticeTitle: '图片公告', pcBanner: '/n.png', noticeType: 1, noticeUrl: '' } as NoticeItem;

  it('appends the default banner when fewer than 2 exist', () => {
    expect(buildBanners([], [])).toEqual([DEFAULT_BANNER]);
    expect(buildBanners([link], []).map((b) => b.key)).toEqual(['l-L1', 'default']);
    expect(buildBanners([link], [image]).map((b) => b.key)).toEqual(['l-L1', 'n-N9']);
  });

  it('sends an image notice to /ydnotice/showview or its external URL', () => {
    expect(buildBanners([], [image])[0].href).toBe('/ydnotice/showview?noticeSysCode=N9');
    expect(buildBanners([], [{ ...image, noticeType: 2, noticeUrl: 'https://example.com/' }])[0].href).toBe('https://example.com/');
  });
});

describe('notice viewer rules', () => {
  it('formats the release time and blanks the 1900 sentinel', () => {
    expect(formatReleaseTime('2026-03-05 09:30:00')).toBe('2026-03-05 09:30');
    expect(formatReleaseTime('1900-01-01 00:00:00')).toBe('');
  });

  it('shows the cover only for a platform-wide notice of channel 2 or 3', () => {
    expect(showsCover({ companySysCode: '', noticeChannel: 2, pcCoverUrl: '/c.png' })).toBe(true);
    expect(showsCover({ companySysCode: '', noticeChannel: 3, pcCoverUrl: '/c.png' })).toBe(true);
    expect(showsCover({ companySysCode: '', noticeChannel: 1, pcCoverUrl: '/c.png' })).toBe(false);
    expect(showsCover({ companySysCode: 'C1', noticeChannel: 2, pcCoverUrl: '/c.png' })).toBe(false);
  });
});

describe('<NoticeView>', () => {
  let api: ReturnType<typeof mockApi>;
  beforeEach(() => {
    api = mockApi();
  });

  it('renders title, second title with a line break, release time, content and attachments', async () => {
    api.on('/Api/Ydxs/OpenApi/GetNoticeDetailDataBySysCode', ok(notice({ noticeChannel: 2 })));
    renderView(<NoticeView noticeSysCode="N1" />);
    expect(await screen.findByText('年度培训通知')).toBeInTheDocument();
    expect(screen.getByTestId('notice-second-title').querySelectorAll('br')).toHaveLength(1);
    expect(screen.getByTestId('notice-release')).toHaveTextContent('2026-03-05 09:30');
    expect(screen.getByTestId('notice-cover')).toBeInTheDocument();
    expect(screen.getByText('正文内容')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /手册\.pdf/ })).toHaveAttribute('href', '/prod-api/files/content/a.pdf?name=x');
    expect(api.calls[0].body).toEqual({ noticeSysCode: 'N1' });
  });

  it('hides the release time in the in-app viewer unless published', async () => {
    api.on('/Api/Ydxs/OpenApi/GetNoticeDetailDataBySysCode', ok(notice({ status: 0 })));
    renderView(<NoticeView noticeSysCode="N1" inApp />);
    await screen.findByText('年度培训通知');
    expect(screen.queryByTestId('notice-release')).not.toBeInTheDocument();
    expect(screen.queryByTestId('notice-cover')).not.toBeInTheDocument();
  });

  it('shows the server msg as a warning when success is false', async () => {
    api.on('/Api/Ydxs/OpenApi/GetNoticeDetailDataBySysCode', fail('公告不存在或已下线'));
    renderView(<NoticeView noticeSysCode="N1" />);
    await waitFor(() => expect(screen.getByTestId('notice-warning')).toHaveTextContent('公告不存在或已下线'));
  });
});
