export { applyAspectPatch, patchableAspects, type AspectPatch } from './apply-patch.js';
export { PATCH_TEMPLATES, type PatchTemplate } from './templates.js';
