/** GET /api/skill-tree, shared with the quests service. */
export type { SkillTreeNode, SkillTreeResponse } from '@lifequest/proto';
