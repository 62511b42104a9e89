/** Types for scripts/pack.cjs (plain CommonJS so gulp and jest's globalSetup can load it without TypeScript). */
export declare function buildAndPack(destDir: string, opts?: { build?: boolean }): string;
export declare function build(): void;
