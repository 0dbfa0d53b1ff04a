// Panels shown under the welcome card, in order. Add an entry per panel (count cards, study, exams…).
import type { ComponentType } from 'react';
import { MessagePanel } from './MessagePanel';

export const dashboardPanels: { key: string; Panel: ComponentType }[] = [{ key: 'messages', Panel: MessagePanel }];
