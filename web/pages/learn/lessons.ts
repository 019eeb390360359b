/*
 * lessons.ts — every lesson in presets/lessons/, bundled by Vite at build
 * time and validated as the page loads them (bundle.ts).
 */
import { bundle, type BundledLesson } from './bundle';

const modules = import.meta.glob<unknown>('../../../presets/lessons/*.json', { eager: true, import: 'default' });

export const LESSONS: readonly BundledLesson[] = bundle(modules);
