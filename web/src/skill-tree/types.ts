import type { SkillNodeState, SkillTooltip, SkillTree } from '@lifequest/proto';

/** A node as GET /api/skill-tree sends it: the shared node state plus its benchmark tooltip, if any. */
export type SkillTreeNode = SkillNodeState<string> & { benchmark?: SkillTooltip };

export type SkillTreeResponse = Omit<SkillTree<string>, 'nodes'> & { nodes: SkillTreeNode[] };
