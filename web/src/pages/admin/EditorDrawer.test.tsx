import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/renderApp';
import { EditorDrawer } from './EditorDrawer';
import { DISCARD_TITLE } from './useConfirmDiscard';

// The drawer exams, papers, practices and projects are edited in (issue 38 item 10): closing it
// over unsaved work asks first; an untouched one closes at once.
const renderDrawer = (dirty: boolean) => {
  const onClose = vi.fn();
  renderWithApp(
    <EditorDrawer
      open
      title="编辑试卷"
      width={600}
      onClose={onClose}
      isDirty={() => dirty}
      loading={false}
      saving={false}
      onSave={vi.fn()}
      saveTestId="save"
    >
      <input aria-label="名称" />
    </EditorDrawer>,
  );
  return onClose;
};

describe('EditorDrawer', () => {
  it('取消 on an untouched editor closes it', () => {
    const onClose = renderDrawer(false);
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('an editor filled but not worked in closes at once, though its fields report changes', () => {
    const onClose = renderDrawer(true);
    // Esc in a field closes the drawer (antd) and does not count as work
    fireEvent.keyDown(screen.getByLabelText('名称'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByText(DISCARD_TITLE)).toBeNull();
  });

  it('✕ over unsaved work asks; 放弃修改 closes', async () => {
    const onClose = renderDrawer(true);
    fireEvent.pointerDown(screen.getByLabelText('名称'));
    fireEvent.click(document.querySelector('.ant-drawer-close') as HTMLElement);
    expect((await screen.findAllByText(DISCARD_TITLE)).length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
