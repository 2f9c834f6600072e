import type { IForbiddenRuleType } from 'dependency-cruiser';

// The layers of LifeQuest: proto ← platform ← gateway, services/* ← app; web uses proto only. Rules match
// the files an import resolves to, so `@lifequest/quests` imported by another service is caught as
// `services/quests/...`. Services are matched as `services/*`, never by name.

/** Which way imports may point between the workspaces; checked over every file, tests included. */
export const LAYER_RULES: IForbiddenRuleType[] = [
  {
    name: 'proto-imports-only-zod',
    comment:
      'proto is contracts and pure rules: zod and its own files, nothing else (its tests also vitest, and its test config the shared worker count).',
    severity: 'error',
    from: { path: '^proto/' },
    to: {
      pathNot: ['^proto/', '^node_modules/zod/', '^node_modules/vitest/', '^vitest\\.workers\\.ts$'],
    },
  },
  {
    name: 'platform-knows-no-service',
    comment: 'The runtime kit knows no service, gateway, app or web: modules reach it through ServiceModule.',
    severity: 'error',
    from: { path: '^platform/' },
    to: { path: '^(services|gateway|app|web)/' },
  },
  {
    name: 'service-imports-no-other-service',
    comment: 'A service reaches another through events or internal HTTP, never by importing it.',
    severity: 'error',
    from: { path: '^services/([^/]+)/' },
    to: { path: '^services/[^/]+/', pathNot: '^services/$1/' },
  },
  {
    name: 'service-imports-only-platform-and-proto',
    comment: 'The gateway, app and web sit above or beside a service.',
    severity: 'error',
    from: { path: '^services/' },
    to: { path: '^(gateway|app|web)/' },
  },
  {
    name: 'gateway-imports-no-service-or-app',
    comment: 'The gateway forwards by the prefixes modules declare; it imports no service and not the app.',
    severity: 'error',
    from: { path: '^gateway/' },
    to: { path: '^(services|app)/' },
  },
  {
    name: 'gateway-reads-only-where-the-web-build-is',
    comment: 'The gateway serves the built web app; the one web file it may import says where that build is.',
    severity: 'error',
    from: { path: '^gateway/' },
    to: { path: '^web/', pathNot: '^web/dist-dir\\.ts$' },
  },
  {
    name: 'web-imports-nothing-server-side',
    comment: 'The browser app uses @lifequest/proto and its own packages, never server code.',
    severity: 'error',
    from: { path: '^web/' },
    to: { path: '^(platform|gateway|services|app)/' },
  },
  {
    name: 'web-imports-only-its-own-packages',
    comment:
      'What the browser app imports from npm is declared by web/package.json (or the root test tools).',
    severity: 'error',
    from: { path: '^web/' },
    to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
  },
  {
    name: 'not-to-unresolvable',
    comment: 'An import that resolves to no file could hide a forbidden one.',
    severity: 'error',
    from: { path: '^(proto|platform|gateway|services|app|web)/' },
    to: { couldNotResolve: true },
  },
];

/**
 * Folders of a service, and of platform, depend one way. Checked over the production files only: a test
 * (or a conformance suite) is a leaf, so a test beside the code may use the service's testing/ kit.
 * A folder contains its subfolders, so `src/index.ts` wiring `src/goals/` and `src/goals/` using
 * `src/db.ts` is no cycle.
 */
export const FOLDER_CYCLE_RULES: IForbiddenRuleType[] = [
  {
    name: 'no-cycle-between-folders',
    severity: 'error',
    scope: 'folder',
    from: { path: '^(services/[^/]+|platform)/src' },
    to: { circular: true },
  },
];

/** Test code: excluded from the folder-cycle check. */
export const TEST_FILES = '\\.(test|conformance)\\.tsx?$';

/** The workspaces the layers cover, relative to the repository root. */
export const LAYERED = ['proto', 'platform', 'gateway', 'services', 'app', 'web'];

/** Never cruised: generated Prisma clients, the web build, dependencies. */
export const NOT_CRUISED = '(^|/)(node_modules|dist|src/generated)/';
