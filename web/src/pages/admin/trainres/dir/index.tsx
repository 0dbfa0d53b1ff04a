import { Col, Row } from 'antd';
import { useState } from 'react';
import { useInvalidate } from '../../../../api/hooks';
import { DirPanel } from '../DirPanel';
import { useResCompany, useResDirs } from '../shared';

/** 资源目录: the directory tree on its own (add, rename, drag to move or reorder, delete). */
export default function ResourceDirPage() {
  const invalidate = useInvalidate();
  const { company, picker } = useResCompany();
  const dirs = useResDirs(company);
  const [selected, setSelected] = useState('');
  return (
    <Row>
      <Col xs={24} md={12} lg={10}>
        {picker && <div style={{ marginBottom: 12 }}>{picker}</div>}
        <DirPanel
          tree={dirs.data ?? []}
          selected={selected}
          onSelect={setSelected}
          company={company}
          allLabel="全部目录"
          onChanged={() => void invalidate('courses')}
        />
      </Col>
    </Row>
  );
}
