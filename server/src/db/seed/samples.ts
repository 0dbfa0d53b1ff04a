import { readFileSync } from 'node:fs';

// Small committed files the demo content serves as they are (samples/): Word documents, which no
// library of ours writes (issue 24 item 6; ADR 0038).
const SAMPLES = new URL('./samples/', import.meta.url);

export type DemoSample = 'training-signup-form.docx' | 'information-security-rules.docx';

export const demoSample = (name: DemoSample): Buffer => readFileSync(new URL(name, SAMPLES));
