import { DeleteOutlined, EditOutlined, FolderAddOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Popconfirm, Row, Space, Tooltip, Tree, type TreeDataNode, type TreeProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { useEditorDialog, usePaging } from './listParts';

// The admin pages that file things in a directory tree (题库管理, 资源管理): the tree on the left,
// what the picked directory holds on the right.

/**
 * What the dialogs of such a page (the item editor, the import) are given: whether open, the
 * directory tree, the picked directory (where a new item goes), the company, and close.
 */
export interface DirDialogProps<N> {
  open: boolean;
  tree: N[];
  defaultDir: string;
  company: string;
  onClose: () => void;
}

/**
 * The list beside the tree: the picked directory and the search filter (either goes back to page
 * 1), the page, the ticked rows and the item editor.
 */
export function useDirList<F>(unfiltered: F) {
  const [dir, setDir] = useState('');
  const [filter, setFilter] = useState<F>(unfiltered);
  const paging = usePaging();
  const [selected, setSelected] = useState<string[]>([]);
  const editor = useEditorDialog();
  return {
    dir,
    setDir,
    pickDir: (code: string) => {
      setDir(code);
      paging.first();
    },
    filter,
    applyFilter: (f: F) => {
      setFilter(f);
      paging.first();
    },
    paging,
    selected,
    setSelected,
    editor,
  };
}

/** The page's two columns: the tree (a quarter of a wide screen) and the table beside it. */
export function TreeTablePage({ side, children }: { side: ReactNode; children: ReactNode }) {
  return (
    <Row gutter={16}>
      <Col xs={24} md={7} lg={6}>
        {side}
      </Col>
      <Col xs={24} md={17} lg={18}>
        {children}
      </Col>
    </Row>
  );
}

/**
 * A directory tree in a card: 全部 (no directory) above the tree, and for an editor the buttons
 * to add a directory (under the picked one), edit and delete the picked one. Its dialogs are the
 * page's (`children` renders inside the card).
 */
export function DirTreeCard({
  title,
  testId,
  editable,
  picked,
  onAdd,
  edit,
  onEdit,
  deleteConfirm,
  onDelete,
  top,
  allLabel,
  selected,
  onSelect,
  onAll = () => onSelect(''),
  treeData,
  treeProps,
  children,
}: {
  title: string;
  testId?: string;
  editable: boolean;
  /** a directory is picked: it may be edited and deleted */
  picked: boolean;
  onAdd: () => void;
  /** the edit button's tooltip and accessible name */
  edit: { tip: string; label: string };
  onEdit: () => void;
  deleteConfirm: string;
  onDelete: () => void;
  /** shown in the card above 全部 (the company picker) */
  top?: ReactNode;
  allLabel: string;
  selected: string;
  onSelect: (code: string) => void;
  onAll?: () => void;
  treeData: TreeDataNode[];
  treeProps?: Pick<TreeProps, 'draggable' | 'onDrop'>;
  children?: ReactNode;
}) {
  return (
    <Card
      variant="borderless"
      title={title}
      data-testid={testId}
      extra={
        editable && (
          <Space size={0}>
            <Tooltip title="新增目录">
              <Button type="text" icon={<FolderAddOutlined />} aria-label="新增目录" onClick={onAdd} />
            </Tooltip>
            <Tooltip title={edit.tip}>
              <Button type="text" icon={<EditOutlined />} aria-label={edit.label} disabled={!picked} onClick={onEdit} />
            </Tooltip>
            <Popconfirm title={deleteConfirm} disabled={!picked} onConfirm={onDelete}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除目录" disabled={!picked} />
            </Popconfirm>
          </Space>
        )
      }
    >
      {top}
      <Button type={selected ? 'text' : 'link'} style={{ paddingLeft: 4 }} onClick={onAll}>
        {allLabel}
      </Button>
      {treeData.length ? (
        <Tree
          blockNode
          defaultExpandAll
          {...treeProps}
          selectedKeys={selected ? [selected] : []}
          treeData={treeData}
          onSelect={(keys) => onSelect(String(keys[0] ?? ''))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无目录" />
      )}
      {children}
    </Card>
  );
}
