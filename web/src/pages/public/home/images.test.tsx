import { render, screen, within } from '@testing-library/react';
import { IMAGE_VARIANT_WIDTHS, type LecturerItem } from '@xuetu/contract';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { responsiveImg, sizedUrl, srcSetOf } from '../../../components/responsiveImage';
import { BANNER_SIZES, BannerCarousel } from './Banners';
import { Lecturers } from './Lecturers';

// The portal's pictures at the size they are shown: srcset of the server's resized copies,
// lazy below the first screen (issue 15).
const stored = '/prod-api/files/content/2026/04/0123456789abcdef01234567.png';

describe('responsive image addresses', () => {
  it('lists every copy width of a stored upload, and leaves other addresses alone', () => {
    expect(srcSetOf(stored)).toBe(IMAGE_VARIANT_WIDTHS.map((w) => `${stored}?w=${w} ${w}w`).join(', '));
    expect(sizedUrl(stored, 320)).toBe(`${stored}?w=320`);
    for (const other of ['https://cdn.example.com/a.png', '/static/a.png', `${stored}?sig=abc`, '']) {
      expect(srcSetOf(other), other).toBeUndefined();
      expect(sizedUrl(other, 320), other).toBe(other);
      expect(responsiveImg(other, '100vw'), other).toEqual({ src: other });
    }
  });
});

describe('<BannerCarousel> pictures', () => {
  const banners = [
    { key: 'a', title: '第一张', image: stored, href: '' },
    { key: 'b', title: '第二张', image: stored.replace('.png', '.jpg'), href: '' },
    { key: 'c', title: '第三张', image: 'https://cdn.example.com/banner.png', href: '' },
    { key: 'd', title: '默认', image: '', href: '' },
  ];

  it('renders each banner as an <img> with the srcset of its copies, the first one eager and first', () => {
    render(
      <MemoryRouter>
        <BannerCarousel banners={banners} />
      </MemoryRouter>,
    );
    const slides = screen.getAllByTestId('banner-slide');
    const img = (i: number) => within(slides[i]).queryByTestId('banner-img');
    const first = img(0)!;
    expect(first).toHaveAttribute('srcset', srcSetOf(stored));
    expect(first).toHaveAttribute('sizes', BANNER_SIZES);
    expect(first).toHaveAttribute('src', `${stored}?w=1280`);
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    // off to the side: fetched when it is about to be shown, not with the first screen
    expect(img(1)).toHaveAttribute('loading', 'lazy');
    expect(img(1)).toHaveAttribute('srcset', expect.stringContaining('.jpg?w=640 640w'));
    // an external picture is used as it is
    expect(img(2)).toHaveAttribute('src', 'https://cdn.example.com/banner.png');
    expect(img(2)).not.toHaveAttribute('srcset');
    // the default banner has no picture
    expect(img(3)).toBeNull();
  });
});

describe('<Lecturers> photos', () => {
  it('asks for a 96 px photo from the copies, lazily', () => {
    const items = [
      { lecturerCode: 'T1', lecturerName: '张老师', faceUrl: stored, lecturerTag: '', briefIntroduce: '' },
      { lecturerCode: 'T2', lecturerName: '李老师', faceUrl: '', lecturerTag: '', briefIntroduce: '' },
    ] as unknown as LecturerItem[];
    render(<Lecturers items={items} loading={false} />);
    const photo = screen.getByAltText('张老师');
    expect(photo.tagName).toBe('IMG');
    expect(photo).toHaveAttribute('srcset', srcSetOf(stored));
    expect(photo).toHaveAttribute('sizes', '96px');
    expect(photo).toHaveAttribute('src', `${stored}?w=320`);
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(screen.queryByAltText('李老师')).toBeNull();
  });
});
