import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTE_MAX, type StudyNote } from '@xuetu/contract';
import { Button, Empty, Input, List, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { addNote, deleteNote, getNoteList, updateNote } from '../../../api/study';
import { studyKeys } from '../../../api/study.keys';
import { useAppMutation } from '../../../app/useAppMutation';
import { formatClock } from './logic';

/** My notes on this resource: add at the current position, edit, delete (confirmed), click to jump there. */
export function NotesPanel({ rescode, position, onSeek }: { rescode: string; position: () => number; onSeek: (s: number) => void }) {
  const key = studyKeys.notes(rescode);
  const qc = useQueryClient();
  const notes = useQuery({ queryKey: key, queryFn: () => getNoteList(rescode) });
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<StudyNote | null>(null);
  const [editText, setEditText] = useState('');
  const refresh = () => void qc.invalidateQueries({ queryKey: key });
  const add = useAppMutation({
    mutationFn: (content: string) => addNote({ rescode, content, position: Math.floor(position()) }),
    success: '笔记已保存',
    onSuccess: () => {
      setText('');
      refresh();
    },
  });
  const save = useAppMutation({
    mutationFn: (v: { id: number; content: string }) => updateNote(v),
    success: '笔记已修改',
    onSuccess: () => {
      setEditing(null);
      refresh();
    },
  });
  const remove = useAppMutation({ mutationFn: (id: number) => deleteNote(id), success: '笔记已删除', onSuccess: refresh });

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="notes-panel">
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={NOTE_MAX}
        autoSize={{ minRows: 2, maxRows: 5 }}
        placeholder="在当前播放位置记笔记"
        aria-label="笔记内容"
      />
      <Button type="primary" loading={add.isPending} disabled={!text.trim()} onClick={() => add.mutate(text.trim())}>
        添加笔记
      </Button>
      <List
        loading={notes.isLoading}
        dataSource={notes.data ?? []}
        locale={{ emptyText: <Empty description="还没有笔记" /> }}
        renderItem={(n) => (
          <List.Item
            data-testid="note-item"
            actions={[
              <Button
                key="edit"
                type="link"
                size="small"
                onClick={() => {
                  setEditing(n);
                  setEditText(n.content);
                }}
              >
                编辑
              </Button>,
              <Popconfirm key="del" title="确定删除这条笔记吗？" okText="删除" cancelText="取消" onConfirm={() => remove.mutate(n.id)}>
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onSeek(n.position)} title="跳到此处播放">
                  {formatClock(n.position)}
                </Button>
              }
              description={<Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{n.content}</Typography.Paragraph>}
            />
          </List.Item>
        )}
      />
      <Modal
        title="编辑笔记"
        open={editing !== null}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        onOk={() => editing && editText.trim() && save.mutate({ id: editing.id, content: editText.trim() })}
      >
        <Input.TextArea
          value={editText}
          onChange={(e) => setEditText(e.target.value)}
          maxLength={NOTE_MAX}
          autoSize={{ minRows: 3 }}
          aria-label="编辑笔记内容"
        />
      </Modal>
    </Space>
  );
}
