import { NOTE_MAX, type StudyNote, studyApi } from '@xuetu/contract';
import { useState } from 'react';
import { call } from '../../../api/client';
import { useCall, useInvalidate } from '../../../api/hooks';
import { feedback } from '../../../app/feedback';
import { useAppMutation } from '../../../app/useAppMutation';
import { LeanEmpty, LeanSkeleton } from '../../../components/LeanCard';
import { formatClock } from './logic';

/**
 * My notes on this resource: add at the current position, edit in place, delete (confirmed), click
 * the time to jump there. Plain elements (ADR 0050): the study page draws no antd first.
 */
export function NotesPanel({ rescode, position, onSeek }: { rescode: string; position: () => number; onSeek: (s: number) => void }) {
  const notes = useCall(studyApi.getNoteList, { recordId: rescode });
  const invalidate = useInvalidate();
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const refresh = () => void invalidate(studyApi.getNoteList);
  const add = useAppMutation({
    mutationFn: (content: string) => call(studyApi.addNoteData, { rescode, content, position: Math.floor(position()) }),
    success: '笔记已保存',
    onSuccess: () => {
      setText('');
      refresh();
    },
  });
  const save = useAppMutation({
    mutationFn: (v: { id: number; content: string }) => call(studyApi.updateNote, v),
    success: '笔记已修改',
    onSuccess: () => {
      setEditing(null);
      refresh();
    },
  });
  const remove = useAppMutation({ mutationFn: (id: number) => call(studyApi.delNote, { id }), success: '笔记已删除', onSuccess: refresh });
  const confirmRemove = async (n: StudyNote) => {
    if (await feedback.confirm({ title: '确定删除这条笔记吗？', content: n.content.slice(0, 60), okText: '删除', cancelText: '取消' }))
      remove.mutate(n.id);
  };

  return (
    <div className="xt-study-notes" data-testid="notes-panel">
      <textarea
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={NOTE_MAX}
        rows={2}
        placeholder="在当前播放位置记笔记"
        aria-label="笔记内容"
      />
      <div className="xt-study-note-head">
        <button
          type="button"
          className="xt-lean-btn is-primary"
          disabled={!text.trim() || add.isPending}
          aria-busy={add.isPending}
          onClick={() => add.mutate(text.trim())}
        >
          {add.isPending ? '保存中…' : '添加笔记'}
        </button>
        <span className="xt-study-count">
          {text.length} / {NOTE_MAX}
        </span>
      </div>
      {notes.isLoading ? (
        <LeanSkeleton rows={2} />
      ) : !notes.data?.length ? (
        <LeanEmpty description="还没有笔记" />
      ) : (
        <ul className="xt-study-list">
          {notes.data.map((n) => (
            <li key={n.id} data-testid="note-item">
              <div className="xt-study-note-head">
                <button type="button" className="xt-lean-btn is-link is-small" onClick={() => onSeek(n.position)} title="跳到此处播放">
                  {formatClock(n.position)}
                </button>
                {editing?.id !== n.id && (
                  <span>
                    <button
                      type="button"
                      className="xt-lean-btn is-link is-small"
                      onClick={() => setEditing({ id: n.id, text: n.content })}
                    >
                      编辑
                    </button>
                    <button
                      type="button"
                      className="xt-lean-btn is-link is-small is-danger"
                      disabled={remove.isPending}
                      onClick={() => void confirmRemove(n)}
                    >
                      删除
                    </button>
                  </span>
                )}
              </div>
              {editing?.id === n.id ? (
                <div className="xt-study-notes" style={{ marginTop: 4 }}>
                  <textarea
                    value={editing.text}
                    onChange={(e) => setEditing({ id: n.id, text: e.target.value })}
                    onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
                    maxLength={NOTE_MAX}
                    rows={3}
                    aria-label="编辑笔记内容"
                    // the learner just chose 编辑 on this note: type at once
                    autoFocus
                  />
                  <div className="xt-study-row">
                    <button
                      type="button"
                      className="xt-lean-btn is-primary is-small"
                      disabled={!editing.text.trim() || save.isPending}
                      onClick={() => save.mutate({ id: n.id, content: editing.text.trim() })}
                    >
                      {save.isPending ? '保存中…' : '保存'}
                    </button>
                    <button type="button" className="xt-lean-btn is-small" onClick={() => setEditing(null)}>
                      取消
                    </button>
                  </div>
                </div>
              ) : (
                <p className="xt-study-note-text">{n.content}</p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
