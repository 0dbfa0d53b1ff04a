import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton } from './LeanMenu';

const items = [
  { key: 'a', label: '甲' },
  { key: 'b', label: '乙', disabled: true },
  { key: 'c', label: '丙', dividerAbove: true },
];

describe('MenuButton', () => {
  it('opens on click with the focus on the first item, moves with the arrow keys past disabled items, and picks', () => {
    const onSelect = vi.fn();
    render(
      <MenuButton items={items} label="菜单" onSelect={onSelect} testId="btn">
        打开
      </MenuButton>,
    );
    const button = screen.getByTestId('btn');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: '菜单' });
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(document.activeElement).toHaveTextContent('甲');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toHaveTextContent('丙');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toHaveTextContent('甲');
    fireEvent.keyDown(menu, { key: 'End' });
    fireEvent.click(document.activeElement as HTMLElement);
    expect(onSelect).toHaveBeenCalledWith('c');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes on Escape (focus back on the button), on a press outside, and when its button is pressed again', () => {
    const onSelect = vi.fn();
    render(
      <div>
        <button type="button">外面</button>
        <MenuButton items={items} label="菜单" onSelect={onSelect} testId="btn">
          打开
        </MenuButton>
      </div>,
    );
    const button = screen.getByTestId('btn');
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    fireEvent.pointerDown(screen.getByText('外面'));
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    fireEvent.pointerDown(button);
    fireEvent.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('marks the chosen item of a choice (menuitemradio) and focuses it on opening', () => {
    render(
      <MenuButton
        items={[
          { key: 'l', label: '大', checked: false },
          { key: 'm', label: '默认', checked: true },
        ]}
        label="布局大小"
        onSelect={() => {}}
        testId="btn"
      >
        大小
      </MenuButton>,
    );
    fireEvent.click(screen.getByTestId('btn'));
    const chosen = screen.getByRole('menuitemradio', { name: '默认' });
    expect(chosen).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: '大' })).toHaveAttribute('aria-checked', 'false');
    expect(document.activeElement).toBe(chosen);
  });
});
